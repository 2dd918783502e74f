/**
 * A hop's anatomy: its connection (address, HTTP version, reuse), its time as a stacked bar with each phase named
 * and timed in text beside its colour, and its TLS certificate in a fold.
 */

import { h } from '../dom.js';
import { addressText, daysLeftText, protocolText } from './connection-text.js';
import { formatDuration } from './format.js';
import type { Hop } from './hop-types.js';
import { hopDuration, TIMING_LABEL, timingSegments } from './timing-segments.js';

/** `HTTP/2 · 127.0.0.1:443 · reused connection`; nothing when the API said none of it. */
export function connectionLine(hop: Hop): HTMLElement | undefined {
  const protocol = protocolText(hop);
  const address = addressText(hop);
  if (protocol === undefined && address === undefined) return undefined;
  // Spaces between the parts, for whoever reads the text (the flex line ignores them).
  return h(
    'p',
    { class: 'step__conn' },
    protocol === undefined ? '' : h('span', { class: 'conn__protocol', title: 'HTTP version' }, protocol),
    ' ',
    address === undefined
      ? ''
      : h('span', { class: 'conn__address', translate: 'no', title: 'Address and port connected to' }, address),
    ' ',
    hop.reusedConnection === true
      ? h(
          'span',
          { class: 'conn__reused', title: 'An earlier request had already opened this connection' },
          'reused connection',
        )
      : '',
  );
}

/** The bar: its fill scaled to the longest hop, split into the hop's phases. */
function bar(hop: Hop, longest: number): HTMLElement {
  const duration = hopDuration(hop);
  const share = longest > 0 ? Math.max(duration / longest, 0.01) : 0;
  const fill = h('span', { class: 'bar__fill' });
  // CSSOM, not a style attribute: allowed by the page's Content-Security-Policy.
  fill.style.setProperty('--share', share.toFixed(4));
  const segments = timingSegments(hop, longest);
  const parts = segments.reduce((total, segment) => total + segment.ms, 0);
  if (parts > 0) {
    fill.classList.add('bar__fill--stacked');
    for (const segment of segments) {
      if (segment.ms === 0) continue;
      const part = h('span', { class: `bar__part bar__part--${segment.phase}`, 'data-percent': segment.percent });
      part.style.setProperty('--part', (segment.ms / parts).toFixed(4));
      fill.append(part);
    }
  }
  return h('span', { class: 'bar', 'aria-hidden': 'true' }, fill);
}

/** Each phase's colour, name and time, in words: the bar's legend and its text for everyone. */
function phases(hop: Hop, longest: number): HTMLElement | undefined {
  const segments = timingSegments(hop, longest);
  if (segments.length === 0) return undefined;
  return h(
    'ul',
    { class: 'timings', 'aria-label': 'Where the time went' },
    ...segments.map((segment) =>
      h(
        'li',
        { class: `timings__item timings__item--${segment.phase}`, 'data-phase': segment.phase },
        h('span', { class: 'timings__swatch', 'aria-hidden': 'true' }),
        `${TIMING_LABEL[segment.phase]} `,
        h('span', { class: 'timings__ms' }, formatDuration(segment.ms)),
      ),
    ),
  );
}

export function timeLine(hop: Hop, longest: number): HTMLElement {
  return h(
    'div',
    { class: 'step__time' },
    h(
      'div',
      { class: 'step__time-bar' },
      bar(hop, longest),
      h('span', { class: 'step__ms' }, formatDuration(hop.responseTime)),
    ),
    phases(hop, longest) ?? '',
  );
}

/** `2026-12-23`: a certificate date as the day it falls on (UTC), the full instant in the tooltip. */
function day(iso: string): HTMLElement {
  return h('time', { datetime: iso, title: iso }, iso.slice(0, 10));
}

/** The certificate and TLS session of a hop that opened an HTTPS connection, folded away. */
export function certificateFold(hop: Hop): HTMLElement | undefined {
  const tls = hop.tls;
  if (tls === undefined) return undefined;
  const rows: Array<[string, Node | string]> = [
    ['Subject', tls.subject],
    ['Issuer', tls.issuer],
    ['Names', tls.altNames.join(', ') || '(none)'],
    ['Valid from', day(tls.validFrom)],
    ['Valid to', day(tls.validTo)],
    ['Days left', `${tls.daysLeft} (${daysLeftText(tls.daysLeft)})`],
    ['TLS', `${tls.protocol}, ${tls.cipher}`],
  ];
  const list = h('dl', { class: 'headers cert' });
  for (const [term, value] of rows) list.append(h('dt', {}, term), h('dd', { translate: 'no' }, value));
  return h(
    'details',
    { class: 'step__cert', 'data-days-left': tls.daysLeft },
    h('summary', {}, `Certificate · ${daysLeftText(tls.daysLeft)}`),
    list,
  );
}
