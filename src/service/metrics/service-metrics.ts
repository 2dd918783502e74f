import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The instance's Prometheus metrics (docs/operations.md names and explains each one). One registry per app, not
 * prom-client's global one: two apps in one process (tests, embedding) each count their own work.
 */
export class ServiceMetrics {
  readonly registry = new Registry();

  /** `/api/analyze` answers, by outcome: `success`, or the error code answered (`RATE_LIMITED`, `TIMEOUT`...). */
  readonly analyses = new Counter({
    name: 'hoplens_analyses_total',
    help: 'Requests to /api/analyze, by outcome: success, the error code answered, or ABORTED when the client left',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly analysisDuration = new Histogram({
    name: 'hoplens_analysis_duration_seconds',
    help: 'Time from request to answer of /api/analyze (rendered ones too), slot wait included, refusals left out',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });

  readonly rateLimitRejections = new Counter({
    name: 'hoplens_rate_limit_rejections_total',
    help: 'Requests refused with 429 RATE_LIMITED, by the window that refused them (minute or day)',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  readonly monitorRuns = new Counter({
    name: 'hoplens_monitor_runs_total',
    help: 'Recorded monitor runs, by outcome (passed, failed, errored) and trigger (scheduled, manual)',
    labelNames: ['outcome', 'trigger'] as const,
    registers: [this.registry],
  });

  readonly monitorLateness = new Histogram({
    name: 'hoplens_monitor_run_lateness_seconds',
    help: 'How long after its due time a scheduled monitor run started',
    buckets: [0.5, 1, 2, 5, 10, 30, 60, 300, 900],
    registers: [this.registry],
  });

  readonly monitorRunDuration = new Histogram({
    name: 'hoplens_monitor_run_duration_seconds',
    help: 'Time to analyse, judge and record one monitor run',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });

  readonly alerts = new Counter({
    name: 'hoplens_alerts_total',
    help: 'Alert delivery attempts, by channel and outcome (sent, retry: failed and tried again later, failed: given up)',
    labelNames: ['channel', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor(options: { defaultMetrics?: boolean } = {}) {
    // Node's own (heap, event-loop lag, CPU, file descriptors), under the same prefix-free names every Node exporter uses.
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge read when scraped: `read` answers now, so nothing is kept in step with the gate or the outbox. */
  gauge(name: string, help: string, labels: readonly string[], read: (gauge: Gauge) => void | Promise<void>): void {
    new Gauge({
      name,
      help,
      labelNames: labels,
      registers: [this.registry],
      async collect() {
        await read(this);
      },
    });
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
