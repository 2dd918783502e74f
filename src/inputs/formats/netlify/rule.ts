import type { InputItem } from '../../row.js';
import { type RuleReadOptions, ruleRow } from '../../rule-row.js';
import { isNetlifyUrl, type NetlifyRule, type RedirectsVariant } from './line.js';
import type { NetlifyEntry } from './redirects-text.js';

/** Options of the `_redirects` / `netlify.toml` reader. */
export interface NetlifyReadOptions extends RuleReadOptions {
  /** Whose `_redirects` this is (default `netlify`). */
  variant?: RedirectsVariant;
}

/** A `:name` placeholder in a path or a query value, which only the host's matcher can fill in. */
const PLACEHOLDER = /(^|\/):[A-Za-z_]/;

/** Statuses Cloudflare Pages accepts in `_redirects`: redirects, and 200 for proxying. */
const CLOUDFLARE_PAGES_STATUSES: ReadonlySet<number> = new Set([200, 301, 302, 303, 307, 308]);

/** Why a rule cannot be checked as a single URL, if it cannot. */
function unexpandable(rule: NetlifyRule): string | undefined {
  if (rule.from.includes('*')) return 'splat in the source';
  if (PLACEHOLDER.test(rule.from) || rule.query.some(([, value]) => value.startsWith(':'))) {
    return 'placeholder in the source';
  }
  if (rule.to.includes(':splat') || PLACEHOLDER.test(rule.to)) return 'placeholder in the target';
  if (rule.conditions.length > 0) return `conditional (${rule.conditions.join(' ')})`;
  return undefined;
}

/** What Cloudflare Pages refuses of Netlify's syntax, if the rule uses it. */
function unsupportedByCloudflarePages(rule: NetlifyRule): string | undefined {
  if (rule.query.length > 0) return 'Cloudflare Pages does not match query parameters';
  if (rule.conditions.length > 0) return 'Cloudflare Pages does not support conditions';
  if (isNetlifyUrl(rule.from)) return 'Cloudflare Pages does not support domain-level redirects';
  if (!CLOUDFLARE_PAGES_STATUSES.has(rule.status)) return `Cloudflare Pages does not support status ${rule.status}`;
  return undefined;
}

/** The path a source matches, or why the source is malformed (Netlify refuses `/.netlify/...` and bad URLs). */
function sourcePath(from: string): { path: string } | { error: string } {
  if (!isNetlifyUrl(from)) return { path: from };
  try {
    return { path: new URL(from).pathname };
  } catch {
    return { error: `Not a valid source URL: ${JSON.stringify(from.slice(0, 200))}` };
  }
}

/** A path written without its leading slash (`old-path`, which netlify.toml accepts) is a path from the root. */
function rooted(text: string): string {
  return text.startsWith('/') || isNetlifyUrl(text) ? text : `/${text}`;
}

/** Checks a parsed rule and turns it into its row, or says why it is skipped or malformed. */
export function netlifyRuleItem(rule: NetlifyRule, line: number, text: string, options: NetlifyReadOptions): InputItem {
  const source = sourcePath(rule.from);
  if ('error' in source) return { kind: 'invalid', line, message: source.error };
  if (source.path.startsWith('/.netlify')) {
    return { kind: 'invalid', line, message: 'a rule cannot redirect /.netlify/ paths (Netlify reserves them)' };
  }
  if (options.variant === 'cloudflare-pages') {
    const why = unsupportedByCloudflarePages(rule);
    if (why !== undefined) return { kind: 'invalid', line, message: why };
  }
  const reason = unexpandable(rule);
  if (reason !== undefined) return { kind: 'skipped', line, text, reason };
  return ruleRow(
    { line, from: rooted(rule.from), to: rooted(rule.to), status: rule.status, query: rule.query },
    options,
  );
}

/**
 * The rows of a parsed `_redirects` or `netlify.toml`, each rule's source made absolute on the base URL. Rules with
 * splats, placeholders or conditions match many URLs or some visitors only: they are skipped and counted; what
 * Cloudflare Pages does not support is refused for its variant.
 */
export function netlifyItems(entries: readonly NetlifyEntry[], options: NetlifyReadOptions): InputItem[] {
  return entries.map((entry) =>
    'error' in entry
      ? { kind: 'invalid', line: entry.line, message: entry.error }
      : netlifyRuleItem(entry.rule, entry.line, entry.text, options),
  );
}
