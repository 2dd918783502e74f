/**
 * Seeded whole vercel.json files and sample URLs for the generated differential suite (vercel.generated.test.ts,
 * vercel-fuzz.ts), written as a migration writes them: `redirects` whose sources use `:param`, `:param*`, `:param+`,
 * `:param?`, custom groups (`:id(\\d+)`, `/:path((?!api/).*)`, `(.*)`) and parameters beside literals, whose
 * destinations use the parameters in the path and the query, on the site or another host, with `permanent` or
 * `statusCode`; `has`/`missing` on the host, the query, a header or a cookie, and destinations using the names `has`
 * items define (a named group of a host or query value, a key without a value, `host`); `rewrites`; `cleanUrls` and
 * `trailingSlash` on, off or absent; rules in any order and written twice, the file indented or on one line. Samples are the rules' own paths (hits),
 * their near misses (a trailing slash, another case, `.html`, `index`), and paths, queries and hosts drawn freely,
 * with percent-escapes. Documented at vercel.com/docs/project-configuration/vercel-json ("redirects", "rewrites",
 * "has object definition", "cleanUrls", "trailingSlash").
 */
import fc from 'fast-check';

/** A generated file: its text and the absolute URLs asked of it. */
export interface GeneratedFile {
  text: string;
  samples: string[];
}

/** Sources, `S` a segment and `P` the parameter the destination may use (none when the source has no name). */
const SOURCES: readonly (readonly [string, string | undefined])[] = [
  ['/S', undefined],
  ['/S/', undefined],
  ['/S/index.html', undefined],
  ['/S/:slug', 'slug'],
  ['/S/:slug*', 'slug'],
  ['/S/:slug+', 'slug'],
  ['/S/:slug?', 'slug'],
  ['/S/:id(\\d+)', 'id'],
  ['/:path((?!api/).*)', 'path'],
  ['/S/(.*)', undefined],
  ['/S/:y-:m', 'y'],
  ['/S/:name.html', 'name'],
  ['/:lang(en|fr)/S/:rest*', 'rest'],
  ['/S/:slug(.*)', 'slug'],
  ['/S/:a/:b', 'b'],
  ['/S.html', undefined],
];
const DESTINATIONS = [
  '/new',
  '/new/',
  '/n/:P',
  '/n/:P*',
  '/n/:P/',
  'https://new.example/:P',
  '/',
  '/n/$1',
  '/n/:P#top',
  '/n/:P/:P',
  '/n?x=a b',
  '/n/:H',
  '/n/:H/:P',
];
/** Destinations using a name the rule's `has` defines (`H`), written where a rule defines one and `named` asks. */
const NAMED_DESTINATIONS = [
  '/n/:H',
  '/n/:H/:P',
  '/n/:P?from=:H',
  'https://new.example/:H?utm=1',
  'https://:H.new.example/:P',
];
const QUERIES = ['', '', '?a=1', '?from=:P', '?', '?utm=1&from=:P', '?from=:H'];
const segment = fc.constantFrom('old', 'blog', 'docs', 'a');

const status = fc.constantFrom<Record<string, unknown>>(
  {},
  { permanent: true },
  { permanent: false },
  { statusCode: 301 },
  { statusCode: 302 },
  { statusCode: 307 },
  { statusCode: 308 },
);

/** Conditions on what a sample can carry (host, query) and on what only a visitor's request has (header, cookie). */
const condition = fc.constantFrom<Record<string, string>>(
  { type: 'host', value: 'www.example.com' },
  { type: 'host', value: 'shop\\.example\\.com' },
  { type: 'host', value: '(.*)\\.example\\.com' },
  { type: 'query', key: 'ref' },
  { type: 'query', key: 'ref', value: 'twitter' },
  { type: 'query', key: 'ref', value: 'tw.*' },
  { type: 'query', key: 'lang', value: 'en' },
  { type: 'header', key: 'x-vercel-ip-country', value: 'GB' },
  { type: 'cookie', key: 'beta', value: 'on' },
  { type: 'cookie', key: 'beta' },
  { type: 'header', key: 'x-preview' },
  // Items defining names the destination may use (`:sub`, `:code`, `:lang`, and `:ref`, `:beta` and `:host` above).
  { type: 'host', value: '(?<sub>[a-z]+)\\.example\\.com' },
  { type: 'query', key: 'ref', value: 'tw(?<code>.*)' },
  { type: 'query', key: 'lang' },
);
const conditions = fc.oneof(
  { weight: 5, arbitrary: fc.constant([]) },
  { weight: 2, arbitrary: fc.array(condition, { minLength: 1, maxLength: 2 }) },
);

const rule = fc.record({
  source: fc.nat({ max: SOURCES.length - 1 }),
  segment,
  destination: fc.constantFrom(...DESTINATIONS),
  query: fc.constantFrom(...QUERIES),
  status,
  has: conditions,
  missing: fc.oneof({ weight: 5, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: conditions }),
  /** Which name of the `has` items the destination's `:H` uses (31: `sub`, which may be undefined: refused). */
  name: fc.nat({ max: 31 }),
  named: fc.boolean(),
});

const rewrite = fc.record({
  source: fc.nat({ max: SOURCES.length - 1 }),
  segment,
  destination: fc.constantFrom('/index.html', '/app', '/api/proxy'),
});

const setting = fc.constantFrom(undefined, true, false);

const HOSTS = ['example.com', 'www.example.com', 'shop.example.com', 'Shop.Example.Com', 'other.test'];
const sampleSegment = fc.constantFrom(
  'old',
  'blog',
  'docs',
  'a',
  'api',
  'en',
  'Blog',
  '12',
  '2024-01',
  'x.html',
  'index',
  'index.html',
  'a%2Fb',
  'caf%C3%A9',
  'file.pdf',
  'OLD',
  '',
);
const sampleQuery = fc.constantFrom(
  '',
  '',
  '',
  '?ref=twitter',
  '?ref=tweet',
  '?ref=',
  '?lang=en',
  '?a=1',
  '?q=a%26b',
  '?ref=tw&lang=fr',
);
const sample = fc.record({
  host: fc.constantFrom(...HOSTS),
  segments: fc.array(sampleSegment, { maxLength: 3 }),
  slash: fc.boolean(),
  query: sampleQuery,
});

/** The generated parts of a file, before they are written (fast-check shrinks these). */
export const fileParts = fc.record({
  cleanUrls: setting,
  trailingSlash: setting,
  redirects: fc.array(rule, { minLength: 1, maxLength: 6 }),
  /** A rule written again at the end (a migration's duplicate), by its index. */
  duplicate: fc.option(fc.nat({ max: 5 }), { freq: 4 }),
  rewrites: fc.array(rewrite, { maxLength: 2 }),
  samples: fc.array(sample, { minLength: 1, maxLength: 6 }),
  /** The hosts and queries the rules' own paths are asked with. */
  hitHost: fc.constantFrom(...HOSTS),
  hitQuery: sampleQuery,
  /** Written on one line, as a generated or minified file is. */
  minified: fc.constantFrom(false, false, false, true),
});

export type FileParts = typeof fileParts extends fc.Arbitrary<infer T> ? T : never;

/** Paths each source matches (`S` its segment): the hits its samples start from. */
const HITS: readonly (readonly string[])[] = [
  ['/S'],
  ['/S/'],
  ['/S/index.html'],
  ['/S/x'],
  ['/S', '/S/x/y'],
  ['/S/x/y'],
  ['/S'],
  ['/S/12', '/S/ab'],
  ['/api/x', '/S/deep/x'],
  ['/S/x'],
  ['/S/2024-01-02'],
  ['/S/page.html'],
  ['/en/S', '/fr/S/x'],
  ['/S/', '/S/x/y'],
  ['/S/x/y'],
  ['/S.html'],
];

/** A hit and its near misses: a trailing slash added or taken, another case, `.html`, `/index`. */
function nearMisses(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return [
    path,
    path.endsWith('/') ? trimmed : `${path}/`,
    path.replace(/\/([a-z])/, (_whole, letter: string) => `/${letter.toUpperCase()}`),
    `${trimmed}.html`,
    `${trimmed === '/' ? '' : trimmed}/index`,
  ];
}

type RuleParts = FileParts['redirects'][number];

/**
 * The names a rule's `has` items define, as Vercel's documentation has them (vercel-has.ts): an item's key when it
 * has no value, a value's named groups, `host` for a host item with a value; only names a `:name` can write.
 */
function hasNames(has: readonly Record<string, string>[]): string[] {
  return has
    .flatMap((item) => {
      if (item.value === undefined) return item.key === undefined ? [] : [item.key];
      const groups = [...item.value.matchAll(/\(\?<(\w+)>/g)].map((match) => match[1]!);
      return item.type === 'host' ? [...groups, 'host'] : groups;
    })
    .filter((name) => /^[a-z]+$/.test(name));
}

/** The name `:H` stands for: one the rule's `has` defines, else a plain `x`, now and then `sub` (maybe undefined). */
function nameOf(parts: RuleParts): string | undefined {
  const names = hasNames(parts.has);
  if (parts.name === 31) return 'sub';
  return names[parts.name % Math.max(1, names.length)];
}

/** A rule's destination, its parameters written as the source and `has` name them (a plain `x` where none). */
function destinationOf(parts: RuleParts, param: string | undefined, grouped: boolean): string {
  const name = nameOf(parts);
  const template =
    parts.named && name !== undefined ? NAMED_DESTINATIONS[parts.name % NAMED_DESTINATIONS.length]! : parts.destination;
  // The query goes before a fragment, as a person writes it (a template with its own query takes no other).
  const [path, fragment] = template.split('#');
  const query = path!.includes('?') ? '' : parts.query;
  let destination = `${path}${query}${fragment === undefined ? '' : `#${fragment}`}`;
  if (!grouped) destination = destination.replace('$1', 'x');
  destination = name === undefined ? destination.replace(/:H/g, 'x') : destination.replace(/:H/g, `:${name}`);
  return param === undefined ? destination.replace(/:P\*?/g, 'x') : destination.replace(/:P/g, `:${param}`);
}

function ruleOf(parts: RuleParts): Record<string, unknown> {
  const [template, param] = SOURCES[parts.source]!;
  const source = template.replace('S', parts.segment);
  const grouped = source.includes(':') || source.includes('(');
  return {
    source,
    destination: destinationOf(parts, param, grouped),
    ...parts.status,
    ...(parts.has.length > 0 && { has: parts.has }),
    ...(parts.missing.length > 0 && { missing: parts.missing }),
  };
}

/** The file as text (settings first, as people write them) and its samples: the rules' hits and near misses, then the free ones. */
export function fileOf(parts: FileParts): GeneratedFile {
  const redirects = parts.redirects.map(ruleOf);
  const again = parts.duplicate === null ? undefined : redirects[parts.duplicate];
  if (again !== undefined) redirects.push(again);
  const rewrites = parts.rewrites.map((each) => ({
    source: SOURCES[each.source]![0].replace('S', each.segment),
    destination: each.destination,
  }));
  const file = {
    ...(parts.cleanUrls !== undefined && { cleanUrls: parts.cleanUrls }),
    ...(parts.trailingSlash !== undefined && { trailingSlash: parts.trailingSlash }),
    redirects,
    ...(rewrites.length > 0 && { rewrites }),
  };
  const hits = parts.redirects.flatMap((each, index) =>
    HITS[each.source]!.flatMap((hit) => {
      const path = hit.replace('S', each.segment);
      const misses = nearMisses(path);
      return [path, misses[1 + (index % (misses.length - 1))]!];
    }),
  );
  const samples = [
    ...hits.map((path) => `https://${parts.hitHost}${path}${parts.hitQuery}`),
    ...parts.samples.map(({ host, segments, slash, query }) => {
      const path = `/${segments.join('/')}${slash && segments.length > 0 ? '/' : ''}`;
      return `https://${host}${path}${query}`;
    }),
  ];
  const text = parts.minified ? JSON.stringify(file) : JSON.stringify(file, null, 2);
  return { text: `${text}\n`, samples: [...new Set(samples)] };
}

/** The generator: whole files as text with their samples. */
export const generatedFile: fc.Arbitrary<GeneratedFile> = fileParts.map(fileOf);
