/**
 * Seeded nginx configurations and requests for the generated differential suite (nginx.generated.test.ts, fuzz.ts):
 * one to three `server` blocks on one port (exact, wildcard and regex `server_name`, `default_server` on any of them,
 * `absolute_redirect` on or off), locations of every modifier (prefix, `=`, `^~`, `~`, `~*` with captures, named
 * captures), `return` and `rewrite` with every flag, targets built of captures, `$uri`, `$request_uri`, `$args`,
 * `$is_args`, `$host`, `$scheme`, `//cdn.example`, `error_page 404 =301 URL` and `try_files $uri @named`.
 * Documentation: https://nginx.org/en/docs/http/ngx_http_rewrite_module.html,
 * https://nginx.org/en/docs/http/ngx_http_core_module.html (location, server_name, try_files, error_page),
 * https://nginx.org/en/docs/http/request_processing.html (which server answers a request).
 */
import fc from 'fast-check';

/** A request to a generated site: its Host header and request target, sent as written. */
export interface GeneratedRequest {
  host: string;
  path: string;
}

/**
 * A generated site: its `server` blocks (`__PORT__` where the port goes), the files of its otherwise empty root (a
 * path ending in `/` is a folder), and the requests asked of it.
 */
export interface GeneratedSite {
  text: string;
  files?: string[];
  requests: GeneratedRequest[];
}

const segment = fc.constantFrom('old', 'blog', 'docs', 'a');
const REGEXES = [
  '^/S/(.*)$',
  '^/S/([^/]+)/?$',
  '^/S/(?<slug>[a-z]+)$',
  '\\.(html|php)$',
  '^/S(/.*)?$',
  '^/(S)/(\\d+)$',
  '^/S$',
];
const regex = fc.tuple(fc.constantFrom(...REGEXES), segment).map(([re, s]) => re.replace('S', s));
const prefix = fc
  .tuple(fc.array(segment, { maxLength: 2 }), fc.boolean())
  .map(([segs, slash]) => `/${segs.join('/')}${slash && segs.length > 0 ? '/' : ''}`);
const match = fc.oneof(fc.tuple(fc.constantFrom('', '=', '^~'), prefix), fc.tuple(fc.constantFrom('~', '~*'), regex));

const target = fc
  .tuple(
    fc.constantFrom('', '', 'https://new.example', '//cdn.example', '$scheme://$host', 'http://$http_host'),
    fc.constantFrom('/new', '/new/', '$uri', '$request_uri', '/p$uri', '/n/$1', '/n/$1/$2', '/n/$slug', '/s/$sub', '/'),
    fc.constantFrom('', '', '?$args', '$is_args$args', '?from=$1', '?a=1', '?q=$uri', '?'),
  )
  .map(([base, path, query]) => `${base}${path}${query}`);
const REWRITE_REGEXES = ['^(.*)$', '^/S/(.*)$', '^', '^/(.*)/$', '^(.*[^/])$', '^/S$'];
const rewriteRegex = fc.tuple(fc.constantFrom(...REWRITE_REGEXES), segment).map(([re, s]) => re.replace('S', s));

const action = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.constantFrom(301, 302, 307, 308), target).map(([c, t]) => `return ${c} ${t};`) },
  { weight: 1, arbitrary: fc.constantFrom('return 404;', 'return 410;', 'return https://new.example$uri;') },
  {
    weight: 3,
    arbitrary: fc
      .tuple(rewriteRegex, target, fc.constantFrom(' permanent', ' redirect', ' last', ' break', ''))
      .map(([re, t, flag]) => `rewrite ${re} ${t}${flag};`),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'try_files $uri @fallback;',
      'try_files $uri $uri/ =404;',
      'try_files $uri $uri/ /index.html;',
      'try_files $uri.html $uri @fallback;',
      'try_files $uri /p.php?$args;',
      'try_files $uri /new$is_args$args;',
    ),
  },
);

const location = fc.record({ match, actions: fc.array(action, { minLength: 1, maxLength: 2 }) });
const NAMES = ['example.com', 'www.example.com', '*.example.com', '.example.org', '~^(?<sub>[^.]+)\\.example\\.com$'];
const server = fc.record({
  names: fc.subarray(NAMES, { maxLength: 2 }),
  absoluteRedirect: fc.constantFrom(undefined, 'off'),
  errorPage: fc.constantFrom(
    undefined,
    undefined,
    'error_page 404 =301 https://new.example/missing;',
    'error_page 403 404 https://new.example/gone;',
  ),
  actions: fc.array(action, { maxLength: 1 }),
  locations: fc.array(location, { minLength: 1, maxLength: 4 }),
  fallback: target.map((t) => `location @fallback { return 302 ${t}; }`),
});

const HOSTS = ['example.com', 'www.example.com', 'a.example.com', 'Shop.Example.Com', 'example.org', 'b.example.org'];
const requestSegment = fc.constantFrom('old', 'blog', 'docs', 'a', 'Blog', 'x.html', 'p.php', 'a%26b', 'a%20b', '12');
const request = fc
  .tuple(
    fc.constantFrom(...HOSTS, 'unknown.test'),
    fc.array(requestSegment, { maxLength: 3 }),
    fc.boolean(),
    fc.constantFrom('', '', '/', '?a=1', '?a=1&b=2', '?q=a%26b'),
  )
  .map(([host, segs, double, end]) => ({ host, path: `${double ? '/' : ''}/${segs.join('/')}${end}` }));

/** The files a root may hold: files the requests name, folders with and without an index. */
const FILES = ['/x.html', '/old.html', '/blog/x.html', '/docs/', '/a/index.html', '/old/p.php', '/index.html', '/new'];

/** The generated parts of a site, before they are written as text (fast-check shrinks these). */
export const siteParts = fc.record({
  files: fc.subarray(FILES),
  servers: fc.array(server, { minLength: 1, maxLength: 3 }),
  defaultServer: fc.nat({ max: 3 }),
  requests: fc.array(request, { minLength: 1, maxLength: 6 }),
});

type SiteParts = typeof siteParts extends fc.Arbitrary<infer T> ? T : never;
type ServerParts = SiteParts['servers'][number];

/** A block's directives, a second `try_files` left out (nginx refuses it). */
function once(actions: readonly string[]): string[] {
  const first = actions.findIndex((line) => line.startsWith('try_files'));
  return actions.filter((line, index) => !line.startsWith('try_files') || index === first);
}

/** A location written once per level: nginx refuses a second prefix or exact location of the same URI. */
function locationsText(locations: ServerParts['locations']): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const { match: matched, actions } of locations) {
    const [modifier, uri] = matched as readonly [string, string];
    const key = modifier === '=' ? `=${uri}` : modifier === '~' || modifier === '~*' ? undefined : uri;
    if (key !== undefined && seen.has(key)) continue;
    if (key !== undefined) seen.add(key);
    lines.push(`  location ${modifier === '' ? '' : `${modifier} `}${uri} { ${once(actions).join(' ')} }`);
  }
  return lines;
}

function serverText(parts: ServerParts, isDefault: boolean): string {
  const body = [
    `  listen 127.0.0.1:__PORT__${isDefault ? ' default_server' : ''};`,
    ...(parts.names.length > 0 ? [`  server_name ${parts.names.join(' ')};`] : []),
    ...(parts.absoluteRedirect === undefined ? [] : [`  absolute_redirect ${parts.absoluteRedirect};`]),
    ...(parts.errorPage === undefined ? [] : [`  ${parts.errorPage}`]),
    ...once(parts.actions).map((line) => `  ${line}`),
    ...locationsText(parts.locations),
    `  ${parts.fallback}`,
  ];
  return ['server {', ...body, '}'].join('\n');
}

/**
 * The site as text: a variable nginx would refuse as unknown (`$sub`, `$slug` where no regex of the site names it) is
 * written as plain text instead, so that every generated file is one nginx starts with.
 */
export function siteOf(parts: SiteParts): GeneratedSite {
  let text = parts.servers.map((each, index) => serverText(each, index === parts.defaultServer)).join('\n');
  if (!text.includes('(?<sub>')) text = text.replaceAll('$sub', 'sub');
  if (!text.includes('(?<slug>')) text = text.replaceAll('$slug', 'slug');
  return { text: `${text}\n`, files: parts.files, requests: parts.requests };
}

/** The generator: sites as text with their requests. */
export const generatedSite: fc.Arbitrary<GeneratedSite> = siteParts.map(siteOf);
