import type { RedirectsVariant } from '../../light.js';
import { readStatus } from '../../text/urls.js';

export type { RedirectsVariant } from '../../light.js';

/** The status of a rule that names none, per host. */
export const DEFAULT_STATUS: Readonly<Record<RedirectsVariant, number>> = Object.freeze({
  netlify: 301,
  'cloudflare-pages': 302,
});

/** One parsed `_redirects` rule (or `[[redirects]]` table), before it is made absolute. */
export interface NetlifyRule {
  from: string;
  /** Query parameters the rule matches on (`id=5`). */
  query: Array<[string, string]>;
  to: string;
  /** The rule's status, the variant's default when it names none. */
  status: number;
  /**
   * Set when the rule writes its status: Netlify's parser keeps an unwritten status unset, so `/a /b` and `/a /b 301`
   * are not identical rules to it (its duplicates are removed by their parsed fields, merge.js).
   */
  statusWritten?: true;
  /** `!`: applies even when a file exists at the source path. */
  force: boolean;
  /** Conditions such as `Country=us`: the rule applies to some visitors only. */
  conditions: string[];
  /** `Sign=`/`signed=`: a proxied request is signed with this secret; not a condition. */
  signed?: string;
}

/** Whether a token is a URL Netlify accepts as a source or target (http or https only). */
export function isNetlifyUrl(text: string): boolean {
  return text.startsWith('http://') || text.startsWith('https://');
}

/**
 * Why Netlify's parser refuses a source, if it does: a path under `/.netlify` (normalize.js: "path" must not start
 * with "/.netlify"), on the site or on a domain-level source. Checked here so that the rows and the matcher agree.
 */
export function reservedSource(from: string): string | undefined {
  let path = from;
  if (isNetlifyUrl(from)) path = URL.canParse(from) ? new URL(from).pathname : from;
  return path.startsWith('/.netlify') ? 'a rule cannot redirect /.netlify/ paths (Netlify reserves them)' : undefined;
}

/** A rule that names no target: a 2xx splat rule forwards to the same path (`/admin/* 200`), any other is malformed. */
export function forwardTarget(from: string, status: number): string | undefined {
  return from.endsWith('/*') && status >= 200 && status < 300 ? `${from.slice(0, -2)}/:splat` : undefined;
}

/**
 * Splits `key=value` as Netlify's parser does (line_parser.js, parsePair: `token.split('=')`): the value ends at the
 * next `=` (`x=1=2` matches `x=1`), and a token without `=` has no value, which the parser then drops: the rule is
 * kept and matches without it. Undefined for such a token.
 */
function pair(token: string): [string, string] | undefined {
  const [key, value] = token.split('=');
  return value === undefined ? undefined : [key!, value];
}

/** Why a status is refused, saying what Netlify's parser would make of it (its `parseInt`) when it keeps it. */
function statusRefusal(token: string, message: string): string {
  const parsed = Number.parseInt(token, 10);
  if (!Number.isInteger(parsed)) return message;
  return `${message} (Netlify's parser reads it as ${parsed}, a status no browser receives as a redirect or a page)`;
}

/**
 * Parses one `_redirects` line as Netlify's parser does: `from [key=value...] to [status[!]] [key=value...]`, an
 * inline comment from the first token starting with `#`. The target is the first token after the source starting
 * with `/`, `http://` or `https://`; the tokens before it are query matches. A status right after the source means
 * the rule has no target, which only a 2xx splat rule may do. After the status, `Sign=`/`signed=` names a signing
 * secret and any other `key=value` is a condition. A `key=value` token is read as the parser reads it ({@link pair}).
 * A status the parser's `parseInt` accepts but no browser could receive (`3o1` read as 3, `2000`) stays refused, with
 * the reason: Netlify's documentation lists the statuses a rule may have (docs/oracles/netlify.md).
 */
export function parseNetlifyRule(text: string, variant: RedirectsVariant = 'netlify'): NetlifyRule | { error: string } {
  const all = text.trim().split(/\s+/);
  const comment = all.findIndex((token) => token.startsWith('#'));
  const [from, ...parts] = comment === -1 ? all : all.slice(0, comment);
  if (from === undefined || parts.length === 0) return { error: 'a rule needs a source and a target' };
  let to: string | undefined;
  let rest = parts;
  const query: Array<[string, string]> = [];
  if (!/^[+-]?\d/.test(parts[0]!)) {
    const toIndex = parts.findIndex((part) => part.startsWith('/') || isNetlifyUrl(part));
    if (toIndex === -1) return { error: 'the target must start with "/", "http://" or "https://"' };
    for (const token of parts.slice(0, toIndex)) {
      const found = pair(token);
      if (found !== undefined) query.push(found);
    }
    to = parts[toIndex];
    rest = parts.slice(toIndex + 1);
  }
  const [statusToken, ...conditionTokens] = rest;
  let status = DEFAULT_STATUS[variant];
  let force = false;
  if (statusToken !== undefined) {
    const read = readStatus(statusToken.replace(/!$/, ''));
    if (!read.ok) return { error: statusRefusal(statusToken, read.message) };
    status = read.status;
    force = statusToken.endsWith('!');
  }
  const conditions: string[] = [];
  let signed: string | undefined;
  for (const token of conditionTokens) {
    const found = pair(token);
    if (found === undefined) continue;
    const [key, value] = found;
    if (key === 'Sign' || key === 'signed') signed = value;
    else conditions.push(`${key}=${value}`);
  }
  to ??= forwardTarget(from, status);
  if (to === undefined) return { error: `a rule with status ${status} needs a target` };
  const reserved = reservedSource(from);
  if (reserved !== undefined) return { error: reserved };
  const rule: NetlifyRule = { from, query, to, status, force, conditions };
  if (statusToken !== undefined) rule.statusWritten = true;
  if (signed !== undefined) rule.signed = signed;
  return rule;
}
