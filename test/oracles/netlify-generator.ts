/**
 * Seeded Netlify redirect files and sample requests for the generated differential suite (netlify.generated.test.ts,
 * netlify-fuzz.ts): whole migration files, as `_redirects` or as a `netlify.toml`'s `[[redirects]]`, of literal paths
 * (with and without a trailing slash), trailing splats (`/blog/*`), glued splats (`/docs*`), `:placeholders`, query
 * matches (`/a id=:id /b/:id`, `/a id=5 /b`), every status a migration writes (301, 302, 307, 308, 200 rewrites, 404,
 * none), `!` force, host-qualified rules (domain-level redirects, `https://www.example.com/a https://www.example.com/b
 * 301`), duplicated rules, comments and blank lines. Samples: the rules' own paths filled in, near misses, another
 * case, a trailing slash added or dropped, queries, percent-encodings, the hosts of host-qualified rules and others.
 * Documentation: https://docs.netlify.com/routing/redirects/ (syntax, rule processing order),
 * https://docs.netlify.com/routing/redirects/redirect-options/ (splats, placeholders, query parameters, trailing
 * slash, domain-level redirects), https://docs.netlify.com/routing/redirects/rewrites-proxies/ (200 rewrites).
 */
import fc from 'fast-check';

/** A generated file: its name (which reader Netlify's parser uses), its text, and the absolute URLs asked of it. */
export interface GeneratedFile {
  name: '_redirects' | 'netlify.toml';
  text: string;
  samples: string[];
}

/** The site every path-only sample is asked on; domain-level rules name one of {@link ORIGINS}. */
export const BASE = 'https://site.test';
const ORIGINS = ['https://www.example.com', 'https://example.com', 'http://www.example.com'];

const word = fc.constantFrom('old', 'blog', 'docs', 'a', 'news', 'shop', 'Blog', 'caf%C3%A9', 'a.html');
const words = fc.array(word, { minLength: 1, maxLength: 2 });
/** The shape of a source: what follows its words. */
const KINDS = [
  'literal',
  'slash',
  'splat',
  'glued',
  'placeholder',
  'two-placeholders',
  'query-name',
  'query-value',
  'root',
  'catch-all',
] as const;

const ruleParts = fc.record({
  kind: fc.constantFrom(...KINDS),
  words,
  origin: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...ORIGINS) }),
  target: fc.constantFrom(
    '/new',
    '/new/',
    '/other/',
    'https://new.example/x',
    'same-host',
    'forward',
    'forward',
    '/new?ref=mig',
    'inside',
    'trail',
    '/',
  ),
  status: fc.constantFrom(undefined, 301, 302, 307, 308, 200, 404),
  force: fc.boolean(),
  /** A condition (`Country=us`): the rule answers some visitors only, which hoplens must say rather than predict. */
  country: fc.nat({ max: 7 }).map((n) => n === 0),
});
type RuleParts = typeof ruleParts extends fc.Arbitrary<infer T> ? T : never;

/** The source path of a rule, by its kind. */
function sourcePath({ kind, words: ws }: RuleParts): string {
  const path = `/${ws.join('/')}`;
  if (kind === 'slash') return `${path}/`;
  if (kind === 'splat') return `${path}/*`;
  if (kind === 'glued') return `${path}*`;
  if (kind === 'placeholder') return `${path}/:id`;
  if (kind === 'two-placeholders') return `${path}/:year/:id`;
  if (kind === 'root') return '/';
  if (kind === 'catch-all') return '/*';
  return path;
}

/** The query matches of a rule, as `key=value` pairs. */
function queryOf({ kind }: RuleParts): Array<[string, string]> {
  if (kind === 'query-name') return [['id', ':id']];
  if (kind === 'query-value') return [['id', '5']];
  return [];
}

/** The target: a placeholder the source binds is carried on, a domain-level rule's relative target on its host. */
function targetOf(parts: RuleParts): string | undefined {
  const { kind, origin, target } = parts;
  // A 200 splat rule may name no target: it forwards to the same path (redirect-parser's forward rules).
  const splat = kind === 'splat' || kind === 'catch-all';
  if (target === 'forward') return splat && parts.status === 200 ? undefined : '/new';
  // `inside`: under the rule's own source (`/blog/* /blog/archive/:splat`); `trail`: a slash after the placeholder.
  const named: Record<string, string> = {
    'same-host': '/moved',
    inside: `/${parts.words.join('/')}/archive`,
    trail: '/new',
  };
  let path = named[target] ?? target;
  const [base = '', query] = path.split('?');
  path = base;
  if (kind === 'splat' || kind === 'glued' || kind === 'catch-all') path = `${path.replace(/\/$/, '')}/:splat`;
  if (kind === 'placeholder' || kind === 'query-name') path = `${path.replace(/\/$/, '')}/:id`;
  if (kind === 'two-placeholders') path = `${path.replace(/\/$/, '')}/:year/:id`;
  if (target === 'trail') path = `${path}/`;
  if (query !== undefined) path = `${path}?${query}`;
  if (target === 'same-host' && origin !== null) return `${origin}${path}`;
  return path;
}

/** A rule as the `_redirects` line and the `netlify.toml` table that say the same. */
export interface WrittenRule {
  line: string;
  table: string;
}

export function writeRule(parts: RuleParts): WrittenRule {
  const from = `${parts.origin ?? ''}${sourcePath(parts)}`;
  const to = parts.status === 404 ? '/404.html' : targetOf(parts);
  const query = queryOf(parts);
  const status = parts.status === undefined ? '' : `${parts.status}${parts.force ? '!' : ''}`;
  const condition = parts.country ? ['Country=us'] : [];
  const line = [from, ...query.map(([k, v]) => `${k}=${v}`), to ?? '', status, ...(status === '' ? [] : condition)]
    .filter((part) => part !== '')
    .join(' ');
  const table = [
    '[[redirects]]',
    `  from = ${JSON.stringify(from)}`,
    ...(to === undefined ? [] : [`  to = ${JSON.stringify(to)}`]),
    ...(parts.status === undefined ? [] : [`  status = ${parts.status}`]),
    ...(parts.force && parts.status !== undefined ? ['  force = true'] : []),
    ...(query.length === 0 ? [] : [`  query = { ${query.map(([k, v]) => `${k} = ${JSON.stringify(v)}`).join(', ')} }`]),
    ...(parts.country && status !== '' ? ['  conditions = { Country = ["us"] }'] : []),
  ].join('\n');
  return { line, table };
}

/** What a sample does to a rule's path: how its splat or placeholder is filled and how it is then changed. */
const sampleParts = fc.record({
  rule: fc.nat(),
  fill: fc.constantFrom('', 'x1', 'foo/bar', '2024', 'archive/x'),
  change: fc.constantFrom('none', 'none', 'none', 'near', 'case', 'slash', 'slash', 'encode', 'space', 'double-slash'),
  query: fc.constantFrom('', '', '?id=7', '?id=5', '?q=1&id=7', '?q=a%26b'),
  host: fc.constantFrom('rule', 'rule', 'rule', 'base', 'www', 'apex', 'http'),
});
type SampleParts = typeof sampleParts extends fc.Arbitrary<infer T> ? T : never;

const CHANGES: Record<string, (path: string) => string> = {
  none: (path) => path,
  near: (path) => (path.endsWith('/') ? `${path.slice(0, -1)}Z/` : `${path}Z`),
  case: (path) => path.replace(/\/([a-z])/, (_, first: string) => `/${first.toUpperCase()}`),
  slash: (path) => (path.endsWith('/') && path !== '/' ? path.slice(0, -1) : `${path}/`),
  encode: (path) => path.replace(/[a-z](?=[^/]*$)/, (letter) => `%${letter.charCodeAt(0).toString(16)}`),
  space: (path) => `${path.replace(/\/$/, '')}%20x`,
  'double-slash': (path) => path.replace('/', '//'),
};

const HOSTS: Record<string, string> = {
  www: 'https://www.example.com',
  apex: 'https://example.com',
  http: 'http://www.example.com',
  base: BASE,
};

/** A sample URL for one rule: its source with the star and placeholder filled, changed, on some host. */
export function sampleOf(rules: readonly RuleParts[], parts: SampleParts): string {
  const rule = rules[parts.rule % rules.length]!;
  const fill = parts.fill;
  let path = sourcePath(rule)
    .replace('/*', fill === '' ? '' : `/${fill}`)
    .replace('*', fill)
    .replace(':year', '2020')
    .replace(':id', fill === '' ? 'x1' : fill);
  path = CHANGES[parts.change]!(path === '' ? '/' : path);
  if (!path.startsWith('/')) path = `/${path}`;
  const origin = parts.host === 'rule' ? (rule.origin ?? BASE) : HOSTS[parts.host]!;
  return `${origin}${path}${parts.query}`;
}

/** The lines that are not rules: where each goes, and what it is. */
const extra = fc.record({ at: fc.nat(), kind: fc.constantFrom('comment', 'blank', 'duplicate') });

/** The generated parts of a file, before they are written as text (fast-check shrinks these). */
export const fileParts = fc.record({
  toml: fc.boolean(),
  rules: fc.array(ruleParts, { minLength: 1, maxLength: 6 }),
  extras: fc.array(extra, { maxLength: 3 }),
  samples: fc.array(sampleParts, { minLength: 1, maxLength: 8 }),
});
type FileParts = typeof fileParts extends fc.Arbitrary<infer T> ? T : never;

/** The file's blocks in order: each rule, with comments, blank lines and copies of earlier rules put in. */
function blocks(parts: FileParts): string[] {
  const written = parts.rules.map((rule) => writeRule(rule));
  const out = written.map((rule) => (parts.toml ? rule.table : rule.line));
  for (const { at, kind } of parts.extras) {
    const index = at % (out.length + 1);
    const copy = written[at % written.length]!;
    const text = kind === 'comment' ? '# moved in the migration' : kind === 'blank' ? '' : null;
    out.splice(index, 0, text ?? (parts.toml ? copy.table : copy.line));
  }
  return out;
}

export function fileOf(parts: FileParts): GeneratedFile {
  return {
    name: parts.toml ? 'netlify.toml' : '_redirects',
    text: `${blocks(parts).join('\n')}\n`,
    samples: parts.samples.map((sample) => sampleOf(parts.rules, sample)),
  };
}

/** The generator: whole files as text with their samples. */
export const generatedFile: fc.Arbitrary<GeneratedFile> = fileParts.map(fileOf);
