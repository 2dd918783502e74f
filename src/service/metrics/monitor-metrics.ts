import type { MonitorObserver } from '../../monitor/index.js';
import type { ServiceMetrics } from './service-metrics.js';

/** The monitors' observer that counts their runs and alert deliveries into the metrics. */
export function monitorMetrics(metrics: ServiceMetrics): MonitorObserver {
  return {
    runRecorded(facts) {
      metrics.monitorRuns.inc({ outcome: facts.outcome, trigger: facts.trigger });
      metrics.monitorRunDuration.observe(facts.durationMs / 1000);
      if (facts.latenessMs !== undefined) metrics.monitorLateness.observe(facts.latenessMs / 1000);
    },
    alertAttempted(facts) {
      metrics.alerts.inc({ channel: facts.channel, outcome: facts.outcome });
    },
  };
}
