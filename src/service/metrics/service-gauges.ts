import type { MonitorSystem } from '../../monitor/index.js';
import { ChromiumRenderer } from '../../render/index.js';
import type { ConcurrencyGate } from '../concurrency-gate.js';
import type { RenderState } from '../renderer-setup.js';
import type { ServiceMetrics } from './service-metrics.js';

/** The parts of a running service whose state the gauges read at each scrape. */
export interface GaugeSources {
  gate: ConcurrencyGate;
  renderGate: ConcurrencyGate;
  /** `HOPLENS_MAX_CONCURRENCY`: each gate's slots. */
  maxConcurrency: number;
  rendering: RenderState;
  /** `HOPLENS_RENDER_CONCURRENCY`: the browser's slots. */
  renderConcurrency: number;
  monitors: MonitorSystem | undefined;
}

/**
 * The gauges: analyses in flight and waiting per gate (`plain`, and `render` for `render=true`), the browser's slots,
 * and the alerts waiting in the outbox. Read when scraped, from the objects that hold the state.
 */
export function registerGauges(metrics: ServiceMetrics, sources: GaugeSources): void {
  const gates = { plain: sources.gate, render: sources.renderGate };
  metrics.gauge('hoplens_analyses_in_flight', 'Analyses holding a slot now, by gate', ['gate'], (gauge) => {
    for (const [name, gate] of Object.entries(gates)) gauge.set({ gate: name }, gate.inFlight);
  });
  metrics.gauge('hoplens_analyses_waiting', 'Analyses waiting for a slot now, by gate', ['gate'], (gauge) => {
    for (const [name, gate] of Object.entries(gates)) gauge.set({ gate: name }, gate.waiting);
  });
  metrics.gauge('hoplens_analysis_slots', 'Slots of each gate (HOPLENS_MAX_CONCURRENCY)', [], (gauge) => {
    gauge.set(sources.maxConcurrency);
  });
  registerRenderGauges(metrics, sources);
  const { monitors } = sources;
  if (monitors !== undefined) {
    metrics.gauge(
      'hoplens_alert_outbox_pending',
      'Alerts waiting to be delivered (of every instance)',
      [],
      async (g) => {
        // A database that does not answer leaves the gauge out of this scrape rather than failing it.
        g.reset();
        const pending = await monitors.pendingAlerts().catch(() => undefined);
        if (pending !== undefined) g.set(pending);
      },
    );
  }
}

/** The browser's slots, where the instance renders. */
function registerRenderGauges(metrics: ServiceMetrics, sources: GaugeSources): void {
  const { rendering } = sources;
  if (rendering.kind !== 'on' || !(rendering.renderer instanceof ChromiumRenderer)) return;
  const renderer = rendering.renderer;
  metrics.gauge('hoplens_render_slots', "The browser's render slots (HOPLENS_RENDER_CONCURRENCY)", [], (gauge) => {
    gauge.set(sources.renderConcurrency);
  });
  metrics.gauge('hoplens_render_slots_in_use', 'Renders in flight now', [], (gauge) => {
    gauge.set(renderer.load.inFlight);
  });
  metrics.gauge('hoplens_render_slots_waiting', 'Renders waiting for a slot now', [], (gauge) => {
    gauge.set(renderer.load.queued);
  });
  metrics.gauge('hoplens_render_errors', "The renderer's DevTools errors logged since start", [], (gauge) => {
    gauge.set(renderer.errors);
  });
}
