/**
 * How a line of each rules format starts: one table for detecting a file's format by its content (./by-content.ts)
 * and for the hint a list line gets when it is not a URL (../list/read.ts), so that both tell formats alike.
 */
export interface LineSign {
  pattern: RegExp;
  /** The `--input` that reads such a line, as the hint says it. */
  hint: string;
  what: string;
  /** The format detection picks when every rule line of a file's start shows this sign; absent: it decides nothing. */
  format?: 'apache' | 'nginx' | 'netlify';
}

/** In order: the first sign a line shows is the one it has. */
export const LINE_SIGNS: readonly LineSign[] = [
  {
    pattern: /^(?:Redirect(?:Match|Permanent|Temp)?|RewriteRule|RewriteEngine|RewriteCond)\s/i,
    hint: 'apache',
    what: 'an Apache directive',
    format: 'apache',
  },
  {
    pattern: /^(?:location\s|server\s*\{|return\s+\d|rewrite\s|server_name\s)/,
    hint: 'nginx',
    what: 'an nginx directive',
    format: 'nginx',
  },
  { pattern: /^\[\[redirects\]\]/, hint: 'netlify', what: 'a netlify.toml redirect', format: 'netlify' },
  { pattern: /^[[{]/, hint: 'vercel, vercel-bulk or amplify', what: 'JSON' },
  {
    pattern: /^(?:\/|https?:\/\/)\S*\s+(?:\/|https?:\/\/)\S*(?:\s+\d{3}!?)?(?:\s|$)/i,
    hint: 'netlify',
    what: 'a _redirects rule',
    format: 'netlify',
  },
  { pattern: /^\S+\s*->\s*\S+/, hint: 'csv (after turning the mappings into source,target)', what: 'a URL mapping' },
  { pattern: /^[^\s,]+,[^\s,]*/, hint: 'csv or cloudflare', what: 'CSV' },
];

/** The sign a line shows, if any. */
export function lineSign(line: string): LineSign | undefined {
  return LINE_SIGNS.find(({ pattern }) => pattern.test(line));
}

/**
 * What a list line that is not a URL looks like, when it looks like a line of a rules format: `looks like a
 * _redirects rule: read the file with --input netlify`. Undefined for a line that looks like nothing known.
 */
export function ruleFormatHint(line: string): string | undefined {
  const found = lineSign(line);
  return found === undefined ? undefined : `looks like ${found.what}: read the file with --input ${found.hint}`;
}
