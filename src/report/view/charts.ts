/**
 * The report's charts: horizontal SVG bars, each with its label and its number beside it in text (never the colour
 * or the length alone), and the same figures in a table for screen readers and for the eye that wants the numbers.
 */
import { h } from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';

export interface Bar {
  label: string;
  value: number;
  /** A colour class from the chain's palette (success, permanent, temporary, error, other). */
  tone?: string;
}

function svgElement(tag: string, attrs: Record<string, string | number>): SVGElement {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  return element;
}

const ROW = 26;
const LABEL = 150;
const WIDTH = 460;
const NUMBER = 70;

/** A chart of `bars`, titled; `id` names it for tests and links (`data-chart`). */
export function barChart(id: string, title: string, bars: readonly Bar[]): HTMLElement {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const total = bars.reduce((sum, bar) => sum + bar.value, 0);
  const height = Math.max(ROW, bars.length * ROW);
  const svg = svgElement('svg', { viewBox: `0 0 ${WIDTH} ${height}`, class: 'chart__svg', 'aria-hidden': 'true' });
  bars.forEach((bar, index) => {
    const y = index * ROW;
    const span = WIDTH - LABEL - NUMBER;
    const label = svgElement('text', { x: LABEL - 8, y: y + 17, 'text-anchor': 'end', class: 'chart__label' });
    label.textContent = bar.label;
    const track = svgElement('rect', { x: LABEL, y: y + 5, width: span, height: 16, rx: 3, class: 'chart__track' });
    const fill = svgElement('rect', {
      x: LABEL,
      y: y + 5,
      width: Math.max(bar.value > 0 ? 2 : 0, (bar.value / max) * span),
      height: 16,
      rx: 3,
      class: `chart__bar chart__bar--${bar.tone ?? 'accent'}`,
    });
    const number = svgElement('text', { x: WIDTH - 4, y: y + 17, 'text-anchor': 'end', class: 'chart__number' });
    number.textContent = bar.value.toLocaleString('en-US');
    svg.append(label, track, fill, number);
  });
  const table = h(
    'table',
    { class: 'chart__table visually-hidden' },
    h('caption', {}, title),
    h('tbody', {}, ...bars.map((bar) => h('tr', {}, h('th', { scope: 'row' }, bar.label), h('td', {}, bar.value)))),
  );
  const figure = h(
    'figure',
    { class: 'chart', 'data-chart': id, 'data-figures': JSON.stringify(bars.map((bar) => [bar.label, bar.value])) },
    h(
      'figcaption',
      { class: 'chart__title' },
      title,
      h('span', { class: 'chart__total' }, ` · ${total.toLocaleString('en-US')} in all`),
    ),
  );
  figure.append(svg, table);
  return figure;
}
