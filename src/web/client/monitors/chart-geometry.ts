/** Where each run lands on the response-time chart, without the DOM (tested in test/web/monitor-page-logic.test.ts). */
import type { RunTicksBody } from '../../../schemas/monitor.js';

/**
 * The chart's own coordinates. The scale's words are HTML beside the chart (render-monitor-stats.ts): text inside a
 * scaled SVG shrinks to unreadable on a phone.
 */
export const CHART = Object.freeze({ WIDTH: 600, HEIGHT: 160, PAD: { left: 6, right: 6, top: 8, bottom: 14 } });

/** The chart's points in its own coordinates: time across, duration up. */
export function chartPoints(ticks: Pick<RunTicksBody, 'at' | 'durationMs'>, from: number, to: number) {
  const slowest = Math.max(1, ...ticks.durationMs);
  const span = Math.max(1, to - from);
  const plotW = CHART.WIDTH - CHART.PAD.left - CHART.PAD.right;
  const plotH = CHART.HEIGHT - CHART.PAD.top - CHART.PAD.bottom;
  return {
    slowest,
    points: ticks.at.map((at, i) => ({
      x: CHART.PAD.left + ((at - from) / span) * plotW,
      y: CHART.PAD.top + plotH - ((ticks.durationMs[i] ?? 0) / slowest) * plotH,
    })),
  };
}
