/**
 * A report row's chain, drawn by the page's own chain drawing (chain/render-chain.ts): the compact hops read back as
 * the API's hops, with what a report keeps (URL, status, time, permanent or temporary), and the failure as the last
 * step of an errored row.
 */
import type { ReportRow } from '../model/report-data.js';
import type { Hop } from './chain/hop-types.js';
import { drawLoops, renderChain } from './chain/render-chain.js';
import { h } from './dom.js';

function hopsOf(row: ReportRow): Hop[] {
  return row.hops.map((hop, index) => {
    const next = row.hops[index + 1];
    const result: Hop = {
      url: hop.url,
      status: hop.status,
      statusText: '',
      responseTime: hop.ms,
      headers: next === undefined ? {} : { location: next.url },
    };
    if (hop.kind !== undefined) result.redirectType = hop.kind;
    return result;
  });
}

/** The chain of `row` in a frame, ready to be put in the document; copying uses the clipboard when it may. */
export function rowChain(row: ReportRow): { element: HTMLElement; attach: () => void } {
  const chain = hopsOf(row);
  const failure =
    row.error === undefined
      ? undefined
      : { url: chain.at(-1)?.headers.location ?? row.source, code: row.error, message: row.reasons.join('; ') };
  const list = renderChain(chain, {
    ...(failure === undefined ? {} : { failure }),
    onCopy: (text) => {
      void navigator.clipboard?.writeText(text).catch(() => {});
    },
  });
  const element = h('div', { class: 'row-chain' }, list);
  return { element, attach: () => void drawLoops(list, []) };
}
