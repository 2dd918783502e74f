/**
 * A hop's Strict-Transport-Security, as a browser reads it (RFC 6797 §6.1, §8.1): one line under its connection, in
 * the same words as the CLI's `-v` (src/core/portable/hsts-text.ts).
 */

import { hstsText } from '../../../core/portable/index.js';
import { h } from '../dom.js';
import type { Hop } from './hop-types.js';

/** `HSTS max-age 1 year · includeSubDomains`; nothing for a hop that sent no Strict-Transport-Security. */
export function hstsLine(hop: Hop): HTMLElement | undefined {
  const hsts = hop.hsts;
  if (hsts === undefined) return undefined;
  return h(
    'p',
    {
      class: `step__hsts${hsts.valid ? '' : ' step__hsts--invalid'}`,
      'data-counts': String(hsts.counts),
      title: `Strict-Transport-Security: ${hsts.value}`,
    },
    h('span', { class: 'conn__protocol' }, 'HSTS'),
    ' ',
    hstsText(hsts, hop.url),
  );
}
