/**
 * The window of a long list of table rows that is on screen: only those rows (and a few either side) are in the
 * document, between two spacer rows as tall as the rows left out, so that 100,000 rows cost what 40 do.
 * Rows have one height, read from the scroller's `--row-height` (the phone's card layout sets a taller one), and it
 * and the scroller's height are measured when the scroller is resized, never read while drawing, so that a redraw
 * forces no extra layout; a redraw that would show the same rows is skipped.
 */
import { h, replace } from './dom.js';

const OVERSCAN = 6;

export interface VirtualRows {
  /** Draws the rows at the scroller's top (`top`, px; by default where it is scrolled to). */
  paint(top?: number): void;
  /** Draws `count` rows from the top, as after a new filter or sort, and scrolls there. */
  reset(count: number): void;
}

/**
 * Keeps `body` (in `scroller`) showing the window of `count` rows; `draw(at)` makes the row at position `at`.
 * `columns` is the table's column count, for the spacers.
 */
export function virtualRows(
  scroller: HTMLElement,
  body: HTMLElement,
  columns: number,
  draw: (at: number) => HTMLElement,
): VirtualRows {
  let count = 0;
  let rowHeight = 40;
  let viewport = 600;
  let drawn = '';
  const spacer = (height: number) => {
    // Through the CSSOM, which the page's Content-Security-Policy allows, not a style attribute.
    const cell = h('td', { colspan: columns });
    cell.style.height = `${height}px`;
    return h('tr', { class: 'spacer', 'aria-hidden': 'true' }, cell);
  };
  const paint = (top = scroller.scrollTop, force = false) => {
    const first = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
    const last = Math.min(count, first + Math.ceil(viewport / rowHeight) + OVERSCAN * 2);
    const key = `${first}:${last}:${rowHeight}`;
    if (key === drawn && !force) return;
    drawn = key;
    const rows: HTMLElement[] = [];
    for (let at = first; at < last; at++) rows.push(draw(at));
    replace(body, spacer(first * rowHeight), ...rows, spacer((count - last) * rowHeight));
  };
  new ResizeObserver(() => {
    const height = Number.parseFloat(getComputedStyle(scroller).getPropertyValue('--row-height'));
    if (height > 0) rowHeight = height;
    viewport = scroller.clientHeight || viewport;
    paint();
  }).observe(scroller);
  scroller.addEventListener('scroll', () => requestAnimationFrame(() => paint()), { passive: true });
  return {
    paint: (top) => paint(top, true),
    reset: (rows) => {
      count = rows;
      paint(0, true);
      if (scroller.scrollTop !== 0) scroller.scrollTop = 0;
    },
  };
}
