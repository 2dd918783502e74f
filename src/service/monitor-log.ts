import type { FastifyBaseLogger } from 'fastify';
import type { MonitorObserver } from '../monitor/index.js';

/**
 * Where an alert went, as it may be logged: the receiver's origin only. A chat service's incoming-webhook URL carries
 * its secret in the path (Slack's `/services/T.../B.../key`, Discord's `/api/webhooks/id/token`), so the path, query
 * and any user name or password are never written.
 */
export function loggableDestination(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'unparsable URL';
  }
}

/** An error message with the receiver's URL, and its path, taken out (an HTTP client may quote the URL it failed). */
export function scrubbed(message: string, url: string): string {
  let text = message.split(url).join('<alert URL>');
  try {
    const { pathname, search } = new URL(url);
    if (pathname.length > 1) text = text.split(pathname).join('<path>');
    if (search.length > 1) text = text.split(search).join('');
  } catch {
    // Not a URL: the whole text was replaced above if it appeared.
  }
  return text;
}

/**
 * The monitors' observer that writes their structured log lines (JSON, pino): one per recorded run (`monitor_run`),
 * per alert delivery attempt (`alert_sent`, `alert_failed`, with `willRetry`), per migration at start-up, and when the
 * scheduler starts and stops. No secret: alert URLs appear as their origin, monitors by id.
 */
export function monitorLog(log: FastifyBaseLogger): MonitorObserver {
  return {
    runRecorded(facts) {
      const { monitorId, outcome, durationMs, trigger, latenessMs } = facts;
      log.info(
        { event: 'monitor_run', monitor: monitorId, outcome, trigger, ms: durationMs, latenessMs },
        'monitor run',
      );
    },
    alertAttempted(facts) {
      const base = {
        alert: facts.alertId,
        monitor: facts.monitorId,
        channel: facts.channel,
        alertEvent: facts.event,
        attempts: facts.attempts,
        destination: loggableDestination(facts.url),
      };
      if (facts.outcome === 'sent') {
        log.info({ event: 'alert_sent', ...base }, 'alert sent');
        return;
      }
      const error = scrubbed(facts.error ?? 'unknown error', facts.url);
      const willRetry = facts.outcome === 'retry';
      // A failure that will be retried is a warning; one given up is an error: the alert is lost.
      log[willRetry ? 'warn' : 'error']({ event: 'alert_failed', ...base, error, willRetry }, 'alert failed');
    },
    migrated(facts) {
      log.info({ event: 'migrations', ...facts }, facts.applied === 0 ? 'schema up to date' : 'schema migrated');
    },
    schedulerStarted(facts) {
      log.info({ event: 'scheduler_start', ...facts }, 'monitor scheduler started');
    },
    schedulerStopped(facts) {
      log.info({ event: 'scheduler_stop', ...facts }, 'monitor scheduler stopped');
    },
  };
}
