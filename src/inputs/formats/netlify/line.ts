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

/** A rule that names no target: a 2xx splat rule forwards to the same path (`/admin/* 200`), any other is malformed. */
export function forwardTarget(from: string, status: number): string | undefined {
  return from.endsWith('/*') && status >= 200 && status < 300 ? `${from.slice(0, -2)}/:splat` : undefined;
}

/** Splits `key=value` (the value is everything after the first `=`). */
function pair(token: string): [string, string] {
  const equals = token.indexOf('=');
  return [token.slice(0, equals), token.slice(equals + 1)];
}

/**
 * Parses one `_redirects` line as Netlify's parser does: `from [key=value...] to [status[!]] [key=value...]`, an
 * inline comment from the first token starting with `#`. The target is the first token after the source starting
 * with `/`, `http://` or `https://`; the tokens before it are query matches. A status right after the source means
 * the rule has no target, which only a 2xx splat rule may do. After the status, `Sign=`/`signed=` names a signing
 * secret and any other `key=value` is a condition.
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
      if (!token.includes('=')) return { error: `a query match must be key=value, not ${JSON.stringify(token)}` };
      query.push(pair(token));
    }
    to = parts[toIndex];
    rest = parts.slice(toIndex + 1);
  }
  const [statusToken, ...conditionTokens] = rest;
  let status = DEFAULT_STATUS[variant];
  let force = false;
  if (statusToken !== undefined) {
    const read = readStatus(statusToken.replace(/!$/, ''));
    if (!read.ok) return { error: read.message };
    status = read.status;
    force = statusToken.endsWith('!');
  }
  const conditions: string[] = [];
  let signed: string | undefined;
  for (const token of conditionTokens) {
    if (!token.includes('=')) return { error: `unexpected ${JSON.stringify(token)}` };
    const [key, value] = pair(token);
    if (key === 'Sign' || key === 'signed') signed = value;
    else conditions.push(token);
  }
  to ??= forwardTarget(from, status);
  if (to === undefined) return { error: `a rule with status ${status} needs a target` };
  const rule: NetlifyRule = { from, query, to, status, force, conditions };
  if (signed !== undefined) rule.signed = signed;
  return rule;
}
