/** Rule formats told by how a line starts, for a file read as a list by mistake (its name says nothing). */
const RULE_LINES: ReadonlyArray<{ pattern: RegExp; format: string; what: string }> = [
  {
    pattern: /^(?:Redirect(?:Match|Permanent|Temp)?|RewriteRule|RewriteEngine|RewriteCond)\s/i,
    format: 'apache',
    what: 'an Apache directive',
  },
  {
    pattern: /^(?:location\s|server\s*\{|return\s+\d|rewrite\s|server_name\s)/,
    format: 'nginx',
    what: 'an nginx directive',
  },
  { pattern: /^\[\[redirects\]\]/, format: 'netlify', what: 'a netlify.toml redirect' },
  { pattern: /^[[{]/, format: 'vercel, vercel-bulk or amplify', what: 'JSON' },
  {
    pattern: /^(?:\/|https?:\/\/)\S*\s+(?:\/|https?:\/\/)\S*(?:\s+\d{3}!?)?(?:\s|$)/i,
    format: 'netlify',
    what: 'a _redirects rule',
  },
  { pattern: /^\S+\s*->\s*\S+/, format: 'csv (after turning the mappings into source,target)', what: 'a URL mapping' },
  { pattern: /^[^\s,]+,[^\s,]*/, format: 'csv or cloudflare', what: 'CSV' },
];

/**
 * What a list line that is not a URL looks like, when it looks like a line of a rules format: `looks like a
 * _redirects rule: read the file with --input netlify`. Undefined for a line that looks like nothing known.
 */
export function ruleFormatHint(line: string): string | undefined {
  const found = RULE_LINES.find(({ pattern }) => pattern.test(line));
  return found === undefined ? undefined : `looks like ${found.what}: read the file with --input ${found.format}`;
}
