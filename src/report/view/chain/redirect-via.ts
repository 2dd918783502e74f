/**
 * How a hop led to the next one, in words for the timeline (`HTTP`, `meta refresh · 5 s`): DOM-free, so that the
 * words are tested without a browser. The words are those of the command line's Via column.
 */
import type { Hop } from './hop-types.js';

/** A hop's `redirectVia`. */
export type RedirectVia = NonNullable<Hop['redirectVia']>;

/** The short label of each way. */
export const VIA_LABEL: Readonly<Record<RedirectVia, string>> = {
  http: 'HTTP',
  'refresh-header': 'Refresh header',
  'meta-refresh': 'meta refresh',
  javascript: 'JavaScript',
  hsts: 'HSTS upgrade',
};

/** What each way is, for the label's tooltip. */
const VIA_DESCRIPTION: Readonly<Record<RedirectVia, string>> = {
  http: 'An HTTP redirect: a 3xx status with a Location header',
  'refresh-header': 'A client redirect: the Refresh response header',
  'meta-refresh': 'A client redirect: <meta http-equiv="refresh"> in the page',
  javascript: 'A client redirect: a navigation made by the page’s script, seen by rendering it',
  hsts: 'Not sent: a returning browser upgrades http:// to a host it knows as HSTS itself (Chromium’s internal 307)',
};

/** What the timeline shows of a hop's way to the next one; undefined on a hop that led nowhere. */
export interface ViaText {
  via: RedirectVia;
  /** `meta refresh · 5 s`. */
  label: string;
  /** A sentence for the tooltip. */
  description: string;
}

export function viaText(hop: Pick<Hop, 'redirectVia' | 'refreshDelay'>): ViaText | undefined {
  const via = hop.redirectVia;
  if (via === undefined) return undefined;
  const delay = hop.refreshDelay;
  if (delay === undefined) return { via, label: VIA_LABEL[via], description: `${VIA_DESCRIPTION[via]}.` };
  const wait = delay === 0 ? 'at once' : `after ${delay === 1 ? '1 second' : `${delay} seconds`}`;
  return {
    via,
    label: `${VIA_LABEL[via]} · ${delay} s`,
    description: `${VIA_DESCRIPTION[via]}, ${wait}.`,
  };
}
