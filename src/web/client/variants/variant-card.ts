/**
 * One row of the variants grid as a card: what was requested, where it ended (final URL, status, redirects), why it
 * is odd, and its chain folded away, drawn by the page's own chain drawing (src/report/view/chain/render-chain.ts).
 */
import { displayUrl } from '../../../core/portable/index.js';
import { h } from '../../../report/view/dom.js';
import {
  failedUrlOf,
  type Hop,
  plural,
  renderChain,
  STATUS_CLASS_LABEL,
  statusClass,
} from '../../../report/view/page.js';
import type { VariantFinding, VariantRow } from '../api-types.js';

/** The id of a variant's card, the target of the findings' links. */
export function variantCardId(variant: string): string {
  return `variant-${variant.replace(/[^a-z0-9-]/gi, '-')}`;
}

/** The grid's hops as the chain drawing reads them: each redirect's Location is the next hop's URL. */
function hopsOf(row: VariantRow): Hop[] {
  return row.chain.map((hop, index) => {
    const next = row.chain[index + 1];
    const drawn: Hop = {
      url: hop.url,
      status: hop.status,
      statusText: '',
      responseTime: hop.responseTime ?? 0,
      headers: next === undefined ? {} : { location: next.url },
    };
    if (hop.redirectType !== undefined) drawn.redirectType = hop.redirectType;
    // The chain drawing says how a hop led on: the returning browser's own HSTS upgrade is no server's redirect.
    if (hop.redirectVia !== undefined) drawn.redirectVia = hop.redirectVia;
    return drawn;
  });
}

/**
 * The chain drawing, its ids (`hop-1`...) made the card's own: a page of a dozen chains must not repeat an id, and
 * a link to a hop must reach this chain's.
 */
function chainOf(row: VariantRow, onCopy: (text: string, what: string) => void): HTMLOListElement {
  const hops = hopsOf(row);
  const failure =
    row.error === undefined
      ? undefined
      : { url: failedUrlOf(hops, row.url), code: row.error.code, message: row.error.message };
  const list = renderChain(hops, { ...(failure === undefined ? {} : { failure }), onCopy });
  const prefix = variantCardId(row.variant);
  for (const element of list.querySelectorAll('[id]')) element.id = `${prefix}-${element.id}`;
  for (const link of list.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
    link.setAttribute('href', `#${prefix}-${link.getAttribute('href')?.slice(1) ?? ''}`);
  }
  return list;
}

function url(text: string): HTMLElement {
  const shown = displayUrl(text);
  return h('span', { class: 'variant__url', translate: 'no', title: shown === text ? undefined : text }, shown);
}

/** An error code that may wrap after each underscore (`CONNECTION_` `RESET`) where its cell is narrow. */
function breakable(code: string): Array<Node | string> {
  return code.split(/(?<=_)/).flatMap((part, index) => (index === 0 ? [part] : [h('wbr', {}), part]));
}

function endOf(row: VariantRow): HTMLElement {
  if (row.error !== undefined) return h('span', { class: 'badge badge--failed' }, ...breakable(row.error.code));
  const last = row.chain.at(-1);
  if (last === undefined || row.finalStatus === undefined) return h('span', {}, 'none');
  const kind = statusClass(last);
  return h('span', { class: `badge badge--${kind}`, title: STATUS_CLASS_LABEL[kind] }, String(row.finalStatus));
}

export function variantCard(
  row: VariantRow,
  findings: readonly VariantFinding[],
  onCopy: (text: string, what: string) => void,
): HTMLLIElement {
  // A note (info) does not make a variant odd, so it is not among the reasons.
  const why = row.odd
    ? findings.filter((finding) => finding.severity !== 'info' && finding.variants.includes(row.variant))
    : [];
  const fact = (term: string, ...value: Array<Node | string>) =>
    h('div', { class: 'variant__fact' }, h('dt', {}, term), h('dd', {}, ...value));
  const statuses =
    row.chain.map((hop) => (hop.redirectVia === 'hsts' ? `${hop.status} HSTS` : String(hop.status))).join(' → ') ||
    'no response';
  return h(
    'li',
    {
      class: `variant${row.odd ? ' variant--odd' : ''}`,
      id: variantCardId(row.variant),
      'data-variant': row.variant,
      'data-odd': String(row.odd),
      tabindex: '-1',
    },
    h(
      'div',
      { class: 'variant__head' },
      h('h4', { class: 'variant__name', translate: 'no' }, row.variant),
      h('span', { class: 'variant__change' }, row.change),
      row.odd
        ? h(
            'span',
            { class: 'variant__odd' },
            h('span', { 'aria-hidden': 'true' }, '⚑ '),
            `Odd: ${why.map((finding) => finding.type).join(', ')}`,
          )
        : '',
    ),
    h(
      'dl',
      { class: 'variant__facts' },
      fact('Requested', h('span', { class: 'variant__method' }, row.method), ' ', url(row.url)),
      fact('Final URL', row.finalUrl === undefined ? 'none' : url(row.finalUrl)),
      fact('Status', endOf(row)),
      fact('Redirects', h('span', { class: 'variant__redirects' }, String(row.redirects))),
    ),
    h(
      'details',
      { class: 'variant__chain' },
      h('summary', {}, `Chain: ${statuses} (${plural(row.chain.length, 'hop')})`),
      h('div', { class: 'timeline-frame' }, chainOf(row, onCopy)),
    ),
  );
}
