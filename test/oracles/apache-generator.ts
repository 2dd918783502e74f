/**
 * Seeded Apache httpd configurations and requests for the generated differential suite (apache.generated.test.ts,
 * apache-fuzz.ts): what a migration leaves behind, placed in a `<VirtualHost>` or in the document root's `.htaccess`.
 * RewriteRule with every flag that decides an answer (R=301/302/307/308, R=410, G, F, L, END, NC, QSA, QSD, NE, B),
 * RewriteCond on %{HTTP_HOST}, %{REQUEST_URI} and %{QUERY_STRING} with `%1` back-references, RewriteBase and relative
 * substitutions in a `.htaccess`, Redirect / RedirectMatch / RedirectPermanent (inside `<Location>` too, where the
 * URL-path is the section's), RedirectMatch in `<Location>`/`<LocationMatch>`, `<If>`/`<ElseIf>`/`<Else>` chains
 * around Redirects and rewrite rules, nested sections, www and non-www, trailing slashes, query strings and captures.
 * Documentation: https://httpd.apache.org/docs/2.4/mod/mod_rewrite.html, https://httpd.apache.org/docs/2.4/rewrite/flags.html,
 * https://httpd.apache.org/docs/2.4/mod/mod_alias.html, https://httpd.apache.org/docs/2.4/expr.html (`<If>`).
 */
import fc from 'fast-check';

/** A request to a generated site: its Host header (the port is added when sent) and request target, as written. */
export interface GeneratedRequest {
  host: string;
  path: string;
}

/** Where the rules are: inside the site's `<VirtualHost>`, or in its document root's `.htaccess`. */
export type Placement = 'vhost' | 'htaccess';

/** A generated site: its rules (one directive a line) where they are placed, and the requests asked of it. */
export interface GeneratedSite {
  placement: Placement;
  text: string;
  requests: GeneratedRequest[];
}

const segment = fc.constantFrom('old', 'blog', 'docs', 'a');
/** `P` is where the leading slash goes: `/` in a virtual host, nothing in a `.htaccess` (or `/?` for both). */
const RULE_PATTERNS = ['^P(S)/(.*)$', '^PS/?$', '^PS/([^/]+)$', '^PS$', '^P(.*)\\.html$', '^P(.*)$', '^PS/(\\d+)$'];
const rulePattern = fc
  .tuple(fc.constantFrom(...RULE_PATTERNS), segment, fc.constantFrom('', '', '/?'))
  .map(([pattern, s, slash]) => ({ pattern: pattern.replace('S', s), slash }));

const substitution = fc
  .tuple(
    fc.constantFrom('', '', '', 'https://new.example', 'http://%{HTTP_HOST}'),
    fc.constantFrom('/new', '/new/', '/n/$1', '/n/$1/$2', '/$1', '/%1', '/item/%1'),
    fc.constantFrom('', '', '?q=$1', '?from=old', '?', '?id=%1'),
  )
  .map(([base, path, query]) => `${base}${path}${query}`);
const FLAG_SETS = [
  'R=301,L',
  'R=302,L',
  'R=307,L',
  'R=308,L',
  'R,L',
  'R=301,NC,L',
  'R=301,QSA,L',
  'R=301,QSD,L',
  'R=301,NE,L',
  'R=301,B,L',
  'B,R=302,L',
  'R=301,END',
  'R=410,L',
  'G',
  'F',
  'NC,G',
];
const CONDITIONS = [
  'RewriteCond %{HTTP_HOST} ^www\\.(.+)$ [NC]',
  'RewriteCond %{HTTP_HOST} !^www\\. [NC]',
  'RewriteCond %{HTTP_HOST} ^example\\.com',
  'RewriteCond %{REQUEST_URI} !^/new',
  'RewriteCond %{REQUEST_URI} ^/(old|blog)/',
  'RewriteCond %{QUERY_STRING} ^id=(\\d+)$',
  'RewriteCond %{QUERY_STRING} (^|&)q=([^&]+)',
  'RewriteCond %{QUERY_STRING} ^$',
];

/** A rewrite rule as parts: the placement decides the leading slash of its pattern. */
const rewrite = fc.record({
  conditions: fc.subarray(CONDITIONS, { maxLength: 2 }),
  pattern: rulePattern,
  substitution,
  flags: fc.constantFrom(...FLAG_SETS),
});

const aliasTarget = fc.constantFrom('/new', '/new/', 'https://new.example', 'https://new.example/', '/n?x=1');
const aliasPath = fc.tuple(segment, fc.constantFrom('', '/', '/page')).map(([s, rest]) => `/${s}${rest}`);
const alias = fc.oneof(
  fc
    .tuple(fc.constantFrom('Redirect', 'Redirect 301', 'Redirect 308', 'RedirectPermanent'), aliasPath, aliasTarget)
    .map((words) => words.join(' ')),
  fc.tuple(fc.constantFrom('Redirect gone', 'Redirect 410'), aliasPath).map((words) => words.join(' ')),
  fc
    .tuple(
      fc.constantFrom('RedirectMatch', 'RedirectMatch 301'),
      fc.constantFrom('^/S/(.*)$', '^/S$', '(.*)\\.php$', '^/S/?$'),
      segment,
      fc.constantFrom('/n/$1', 'https://new.example/$1', '/new'),
    )
    .map(([name, regex, s, to]) => `${name} ${regex.replace('S', s)} ${to}`),
);
/**
 * `<Location /x>` holding a Redirect whose URL-path is the section's (mod_alias, Redirect in a `<Location>`), or one
 * with its own URL-path under the section's.
 */
const location = fc
  .tuple(
    aliasPath,
    fc.constantFrom('Redirect 301 https://new.example/', 'Redirect 302 /new', 'Redirect gone', 'Redirect 301 P/x /in'),
  )
  .map(([path, redirect]) => [`<Location ${path}>`, redirect.replace('P', path.replace(/\/$/, '')), '</Location>']);
/**
 * `<If>` expressions: on the Host (the Host header carries the port, so `==` on it never holds; `%{SERVER_NAME}` is
 * its name alone), the query string, the path, `%{HTTPS}`, wildcards (`-strmatch`), or a request header hoplens
 * cannot know (an honest skip).
 */
const IF_EXPRESSIONS = [
  '%{HTTP_HOST} =~ /^www\\./',
  '%{QUERY_STRING} =~ /a=1/',
  "%{QUERY_STRING} == 'id=12'",
  '%{REQUEST_URI} !~ m#^/new#',
  "%{HTTP_HOST} == 'example.com'",
  "%{SERVER_NAME} == 'example.com'",
  "%{SERVER_NAME} != 'example.org'",
  "%{HTTP_HOST} -strmatch 'www.*'",
  "%{REQUEST_URI} -strmatch '/blog/*'",
  "%{HTTPS} == 'on'",
  "%{QUERY_STRING} != ''",
  '%{HTTP:Accept-Language} =~ /fr/',
];
const expression = fc.constantFrom(...IF_EXPRESSIONS);
/**
 * Rewrite rules inside an `<If>`: their pattern sees the path on disk (src/inputs/formats/apache/disk-pattern.ts),
 * so `^S/` never matches there and `^` always does; a condition on the path decides instead.
 */
const ifRules = segment.chain((s) =>
  fc.constantFrom(
    [`RewriteRule ^${s}/(.*)$ /if/$1 [R=302,L]`],
    [`RewriteRule ^ /if/${s} [R=302,L]`],
    ['RewriteRule .* https://new.example/ [R=301,L]'],
    [`RewriteCond %{REQUEST_URI} ^/${s}/`, 'RewriteRule ^ /if/ [R=302,QSD,L]'],
  ),
);
/** What a section of a chain holds: a Redirect, or rewrite rules. */
const ifBody = fc.oneof(
  alias.map((line) => [line]),
  ifRules,
);
/** `<If>` around a Redirect or rewrite rules, sometimes followed by `<ElseIf>` and `<Else>`. */
const ifSection = fc
  .tuple(expression, ifBody, fc.option(fc.tuple(expression, ifBody), { freq: 3 }), fc.option(ifBody, { freq: 3 }))
  .map(([test, body, elseIf, otherwise]) => [
    `<If "${test}">`,
    ...body,
    '</If>',
    ...(elseIf === null ? [] : [`<ElseIf "${elseIf[0]}">`, ...elseIf[1], '</ElseIf>']),
    ...(otherwise === null ? [] : ['<Else>', ...otherwise, '</Else>']),
  ]);
/** Nested sections: an `<If>` in an `<If>` around a Redirect. */
const nestedIf = fc
  .tuple(expression, expression, alias)
  .map(([outer, inner, redirect]) => [`<If "${outer}">`, `<If "${inner}">`, redirect, '</If>', '</If>']);
/**
 * `<LocationMatch>` with a Redirect, `RedirectMatch` inside `<Location>` and `<LocationMatch>`, and an `<If>` inside a
 * `<Location>` (virtual hosts only: httpd refuses `<Location>` in a `.htaccess`).
 */
const matchSection = fc
  .tuple(
    segment,
    fc.constantFrom('LocationMatch', 'Location', 'LocationMatch RedirectMatch', 'Location If'),
    expression,
  )
  .map(([s, name, test]) => {
    if (name === 'Location') return [`<Location /${s}>`, `RedirectMatch 301 ^/${s}/(.*)$ /m/$1`, '</Location>'];
    if (name === 'Location If')
      return [`<Location /${s}>`, `<If "${test}">`, `Redirect 302 /${s}/page /in/`, '</If>', '</Location>'];
    const redirect = name === 'LocationMatch' ? 'Redirect 301 https://new.example/' : `RedirectMatch 302 (.*)/x$ /x$1`;
    return [`<LocationMatch "^/${s}/">`, redirect, '</LocationMatch>'];
  });

const block = fc.oneof(
  { weight: 5, arbitrary: rewrite.map((parts) => ({ kind: 'rewrite' as const, parts })) },
  { weight: 3, arbitrary: alias.map((line) => ({ kind: 'lines' as const, lines: [line] })) },
  { weight: 1, arbitrary: location.map((lines) => ({ kind: 'vhost' as const, lines })) },
  { weight: 2, arbitrary: ifSection.map((lines) => ({ kind: 'lines' as const, lines })) },
  { weight: 1, arbitrary: matchSection.map((lines) => ({ kind: 'vhost' as const, lines })) },
  { weight: 1, arbitrary: nestedIf.map((lines) => ({ kind: 'lines' as const, lines })) },
);

/** Hosts as a browser sends them (lowercase: hoplens's sample is a URL, whose host the URL parser lowercases). */
const HOSTS = ['example.com', 'www.example.com', 'example.org'];
/** The first segment mostly one the rules name (a hit), else a case variant or another page (a near miss). */
const firstSegment = fc.oneof(
  { weight: 4, arbitrary: segment },
  { weight: 1, arbitrary: fc.constantFrom('Old', 'BLOG', 'new', 'x.html', 'p.php', 'c%26d', 'a%20b') },
);
const restSegment = fc.constantFrom('page', 'x.html', 'p.php', '12', 'c%26d', 'a%20b', 'Old', 'docs', 'new');
const request = fc
  .tuple(
    fc.constantFrom(...HOSTS),
    fc.option(firstSegment, { freq: 8 }),
    fc.array(restSegment, { maxLength: 2 }),
    fc.constantFrom('', '', '', '/'),
    fc.constantFrom('', '', '?a=1', '?id=12', '?q=a%26b', '?id=1&b=2', '?q=c%20d'),
  )
  .map(([host, first, rest, slash, query]) => {
    const segs = first === null ? [] : [first, ...rest];
    // A space is sent escaped, as a client must (a raw space would end the request target).
    const path = segs.join('/').replaceAll(' ', '%20');
    return { host, path: `/${path}${segs.length > 0 ? slash : ''}${query}` };
  });

/** The generated parts of a site, before they are written as text (fast-check shrinks these). */
export const siteParts = fc.record({
  placement: fc.constantFrom<Placement>('vhost', 'htaccess'),
  base: fc.boolean(),
  blocks: fc.array(block, { minLength: 1, maxLength: 5 }),
  requests: fc.array(request, { minLength: 1, maxLength: 6 }),
});

type SiteParts = typeof siteParts extends fc.Arbitrary<infer T> ? T : never;
type RewriteParts = typeof rewrite extends fc.Arbitrary<infer T> ? T : never;

/** A rule's lines: its conditions, then the rule, its pattern's slash as the placement reads paths. */
function rewriteLines(parts: RewriteParts, placement: Placement, base: boolean): string[] {
  const slash = parts.pattern.slash !== '' ? parts.pattern.slash : placement === 'vhost' ? '/' : '';
  const pattern = parts.pattern.pattern.replace('P', slash);
  // A relative substitution (RewriteBase puts its path in front) only where a RewriteBase is written.
  const target = base && placement === 'htaccess' ? parts.substitution.replace(/^\//, '') : parts.substitution;
  return [...parts.conditions, `RewriteRule ${pattern} ${target} [${parts.flags}]`];
}

/**
 * The site as text; `<Location>` only in a virtual host (httpd refuses it in a `.htaccess`), a rewrite rule in an
 * `<If>` only in a `.htaccess` (where it is read as the file's are).
 */
export function siteOf(parts: SiteParts): GeneratedSite {
  const lines = ['RewriteEngine On'];
  if (parts.placement === 'htaccess' && parts.base) lines.push('RewriteBase /');
  for (const each of parts.blocks) {
    if (each.kind === 'rewrite') lines.push(...rewriteLines(each.parts, parts.placement, parts.base));
    else if (each.kind === 'lines' || each.kind === parts.placement) lines.push(...each.lines);
  }
  return { placement: parts.placement, text: `${lines.join('\n')}\n`, requests: parts.requests };
}

/** The generator: sites as text with their requests. */
export const generatedSite: fc.Arbitrary<GeneratedSite> = siteParts.map(siteOf);
