/**
 * The response-time chart of a monitor's page: one point per run (not per history row), in SVG, built with DOM
 * calls (no markup parsed). A failed or errored run is a mark under the line, so colour is not its only cue.
 */

import { formatDuration } from '../../../report/view/page.js';
import type { RunTicksBody } from '../../../schemas/monitor.js';
import { CHART, chartPoints } from './chart-geometry.js';

const { WIDTH, HEIGHT, PAD } = CHART;

const SVG = 'http://www.w3.org/2000/svg';

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  return element;
}

/** The chart, with a text alternative saying its range. */
export function responseChart(ticks: RunTicksBody, from: number, to: number): SVGSVGElement {
  const { slowest, points } = chartPoints(ticks, from, to);
  const fastest = ticks.durationMs.length === 0 ? 0 : Math.min(...ticks.durationMs);
  const chart = svg('svg', {
    class: 'response-chart',
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: 'img',
    'aria-label': `Response time of ${ticks.at.length} runs: ${formatDuration(fastest)} to ${formatDuration(slowest)}`,
  });
  const baseline = HEIGHT - PAD.bottom;
  chart.append(
    svg('line', { class: 'response-chart__axis', x1: PAD.left, x2: WIDTH - PAD.right, y1: baseline, y2: baseline }),
    svg('line', { class: 'response-chart__grid', x1: PAD.left, x2: WIDTH - PAD.right, y1: PAD.top, y2: PAD.top }),
  );
  if (points.length > 0) {
    const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
    chart.append(svg('path', { class: 'response-chart__line', d: path }));
  }
  points.forEach((point, i) => {
    const outcome = ticks.outcomes[i];
    if (points.length <= 60)
      chart.append(svg('circle', { class: 'response-chart__dot', cx: point.x, cy: point.y, r: 2.5 }));
    if (outcome !== 'p') {
      const kind = outcome === 'f' ? 'failed' : outcome === 'i' ? 'inconclusive' : 'errored';
      chart.append(
        svg('rect', {
          class: `response-chart__bad response-chart__bad--${kind}`,
          x: point.x - 2,
          y: baseline + 3,
          width: 4,
          height: 8,
        }),
      );
    }
  });
  return chart;
}
