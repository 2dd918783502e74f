import { withHelp } from '../issues/index.js';
import { isRedirect } from '../portable/redirect-count.js';
import type { Hop, Issue } from '../types.js';
import type { Detector, Finding } from './detector.js';

/** `1`, `1 and 2`, `1, 2 and 5`. */
function listed(items: readonly (string | number)[]): string {
  return items.length === 1 ? String(items[0]) : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The one `temporary_redirect` finding of a chain, but for the hops in `except`; see {@link temporaryRedirectIssue}. */
function temporaryRedirectFinding(chain: readonly Hop[], except: ReadonlySet<number>): Finding | undefined {
  const hops = chain.flatMap((hop, index) =>
    // HTTP redirects only: a delayed client redirect is meta_refresh's to explain (Google reads it as temporary).
    hop.redirectType === 'temporary' && hop.redirectVia === 'http' && isRedirect(hop) && !except.has(index)
      ? [index]
      : [],
  );
  const first = hops[0];
  if (first === undefined) return undefined;
  const statuses = hops.map((index) => chain[index]!.status).join(', ');
  const numbers = listed(hops.map((index) => index + 1));
  const what = hops.length === 1 ? `Hop ${numbers} is a temporary redirect` : `Hops ${numbers} are temporary redirects`;
  return {
    type: 'temporary_redirect',
    severity: 'warning',
    message: `${what} (${statuses}); use 301 or 308 if the move is permanent`,
    hop: first,
  };
}

/**
 * The one `temporary_redirect` issue of a chain (help page attached), naming every temporary redirect (302, 303, 307)
 * but the hops in `except` (hops whose temporary status was asked for, as by a `hoplens check` row expecting 302);
 * undefined when none is left. `hop` is the first one named.
 */
export function temporaryRedirectIssue(
  chain: readonly Hop[],
  except: ReadonlySet<number> = new Set(),
): Issue | undefined {
  const finding = temporaryRedirectFinding(chain, except);
  return finding === undefined ? undefined : withHelp(finding);
}

/** 302/303/307 hops, where a permanent redirect (301/308) is usually meant, as in a migration: one issue per chain. */
export const temporaryRedirect: Detector = ({ chain }) => {
  const finding = temporaryRedirectFinding(chain, new Set());
  return finding === undefined ? [] : [finding];
};
