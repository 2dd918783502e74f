import type { NetlifyRule } from './line.js';

/**
 * The path prefix under which a `*` rule may not redirect, or undefined. Netlify's matcher (netlify-redirector) will
 * not send a request with a splat rule back under the rule's own target: a path starting with the target's text
 * before `:splat` (one trailing `/` left off) is served as it is, and no later rule is tried (`/* /new/:splat 301`
 * leaves `/new/a`, and `/news`, alone; `/* /other/ 301` leaves `/other/x` but not `/other`), when the rule's own source
 * matches that prefix (patterns.ts). Found by the generated suite (test/oracles/netlify.generated.test.ts) and pinned
 * by test/oracles/netlify-loop-guard.test.ts, which asks the redirector of each form. Not for a 200 rewrite, an
 * absolute target, a target with a query, or a target ending in `/` after its `:splat` (a rule adding a slash).
 */
export function loopPrefix(rule: NetlifyRule): string | undefined {
  const { from, to, status } = rule;
  if (!from.includes('*') || status === 200 || !to.startsWith('/') || to.includes('?')) return undefined;
  const at = to.indexOf(':splat');
  if (at === -1) return to;
  if (to.endsWith('/')) return undefined;
  const before = to.slice(0, at);
  const prefix = before.endsWith('/') ? before.slice(0, -1) : before;
  return prefix === '' ? undefined : prefix;
}
