import { createHmac } from 'node:crypto';
import { type Dispatcher, request } from 'undici';
import { type MonitorObserver, NO_OBSERVER, tell } from '../monitor-observer.js';
import { sendEmail } from './email.js';
import { AlertGuard, REFUSED_DELIVERY } from './guard.js';
import type { AlertOutbox, PendingAlert } from './outbox.js';

/** What delivery needs from the instance: the webhook's signing key and the SMTP server. Neither is ever logged. */
export interface DeliveryConfig {
  webhookSecret?: string | undefined;
  smtpUrl?: string | undefined;
  /**
   * With `HOPLENS_ALERT_BLOCK_PRIVATE` on, the dispatcher whose connector holds chat and webhook deliveries to the
   * address policy (src/monitor/alerts/guard.ts); without it, a plain undici request.
   */
  dispatcher?: Dispatcher | undefined;
}

/**
 * The header carrying the generic webhook's first signature: `sha256=` and the hex HMAC-SHA256 of the body. Kept for
 * the receivers that verify it; it covers neither a time nor an id, so a replay or a duplicate passes it.
 */
export const SIGNATURE_HEADER = 'x-hoplens-signature';

/**
 * The headers of the Standard Webhooks specification (standardwebhooks.com): the delivery's id, the same on every
 * attempt of one alert so that a receiver drops duplicates (delivery is at least once: a service killed while the
 * receiver holds the POST open sends it again); the time it was sent; and a versioned signature (`v1,` and the
 * base64 HMAC-SHA256 of `id.timestamp.body`), which a receiver rejects when the timestamp is over five minutes old.
 */
export const DELIVERY_HEADERS = Object.freeze({
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
});

/** How delivery is paced. */
export const DELIVERY = Object.freeze({
  /** Delivery is given up this long after the alert was queued. */
  giveUpAfterMs: 60 * 60 * 1000,
  /** First wait before trying again; doubled after each failure, up to `maxDelayMs`. */
  firstDelayMs: 5000,
  maxDelayMs: 10 * 60 * 1000,
  /** How long one POST may take. */
  timeoutMs: 10_000,
  /** How long a claimed alert is left to this instance before another may take it. */
  leaseMs: 60_000,
  /** Alerts claimed per poll. */
  batch: 20,
});

/** The signature of a webhook body under `secret`, as the header carries it. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * The Standard Webhooks `v1` signature of one delivery under `secret` (its UTF-8 bytes are the key; a receiver using
 * a Standard Webhooks library passes `whsec_` and the base64 of the secret).
 */
export function signDelivery(id: string, timestampSeconds: number, body: string, secret: string): string {
  const signed = `${id}.${timestampSeconds}.${body}`;
  return `v1,${createHmac('sha256', Buffer.from(secret, 'utf8')).update(signed).digest('base64')}`;
}

/** The headers of a generic webhook delivery: its event and id, and its signatures when a secret is set. */
function webhookHeaders(alert: PendingAlert, secret: string | undefined, now: number): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  const headers: Record<string, string> = {
    'x-hoplens-event': alert.event,
    [DELIVERY_HEADERS.id]: alert.id,
    [DELIVERY_HEADERS.timestamp]: String(timestamp),
  };
  if (secret !== undefined) {
    headers[SIGNATURE_HEADER] = signBody(alert.body, secret);
    headers[DELIVERY_HEADERS.signature] = signDelivery(alert.id, timestamp, alert.body, secret);
  }
  return headers;
}

/**
 * POSTs one alert. Webhook URLs are the operator's own and may well be private (a chat server on the office
 * network), so this is a plain undici request unless `dispatcher` holds it to the address policy
 * (`HOPLENS_ALERT_BLOCK_PRIVATE`). Resolves with an error message, or undefined when the receiver answered 2xx. The
 * message never holds the URL: its path is the webhook's secret.
 */
async function postJson(alert: PendingAlert, config: DeliveryConfig, now: number): Promise<string | undefined> {
  // Google Chat's documentation sends its JSON with an explicit charset; every other receiver accepts it too.
  const headers: Record<string, string> = {
    'content-type': alert.channel === 'googlechat' ? 'application/json; charset=UTF-8' : 'application/json',
    'user-agent': 'hoplens-alerts',
  };
  if (alert.channel === 'webhook') Object.assign(headers, webhookHeaders(alert, config.webhookSecret, now));
  try {
    const response = await request(alert.url, {
      method: 'POST',
      headers,
      body: alert.body,
      headersTimeout: DELIVERY.timeoutMs,
      bodyTimeout: DELIVERY.timeoutMs,
      signal: AbortSignal.timeout(DELIVERY.timeoutMs),
      ...(config.dispatcher !== undefined && { dispatcher: config.dispatcher }),
    });
    await response.body.dump();
    return response.statusCode >= 200 && response.statusCode < 300 ? undefined : `HTTP ${response.statusCode}`;
  } catch (error) {
    return AlertGuard.describe(error).split(alert.url).join(new URL(alert.url).origin);
  }
}

/** Sends one alert by its channel: an e-mail over SMTP, or a POST. Resolves with an error message or undefined. */
export function postAlert(
  alert: PendingAlert,
  config: DeliveryConfig,
  now: number = Date.now(),
): Promise<string | undefined> {
  if (alert.channel === 'email') return sendEmail(alert.body, config.smtpUrl, DELIVERY.timeoutMs);
  return postJson(alert, config, now);
}

/** When to try a failed alert again, or undefined once its hour is up. */
export function retryTime(alert: PendingAlert, now: number): number | undefined {
  const delay = Math.min(DELIVERY.firstDelayMs * 2 ** alert.attempts, DELIVERY.maxDelayMs);
  const at = now + delay;
  return at - alert.createdAt > DELIVERY.giveUpAfterMs ? undefined : at;
}

/**
 * Delivers the alerts due now, each recorded as sent, retried later, or failed, and told to `observer`. Returns how
 * many were sent.
 */
export async function deliverDueAlerts(
  outbox: AlertOutbox,
  now: () => number,
  config: DeliveryConfig,
  observer: MonitorObserver = NO_OBSERVER,
) {
  const due = await outbox.claim(now(), DELIVERY.leaseMs, DELIVERY.batch);
  const results = await Promise.all(
    due.map(async (alert) => {
      // The signature's time is the wall clock's: receivers compare it with theirs, not with a test's clock.
      const error = await postAlert(alert, config);
      const at = now();
      // A destination the address policy refused stays refused: failed at once, not retried for an hour.
      const final = error === undefined || error.startsWith(REFUSED_DELIVERY);
      const retryAt = final ? undefined : retryTime(alert, at);
      await outbox.settle(alert.id, error === undefined, at, error, retryAt);
      tell(observer, 'alertAttempted', {
        alertId: alert.id,
        monitorId: alert.monitorId,
        channel: alert.channel,
        event: alert.event,
        outcome: error === undefined ? 'sent' : retryAt === undefined ? 'failed' : 'retry',
        attempts: alert.attempts + 1,
        url: alert.url,
        ...(error !== undefined && { error }),
      });
      return error === undefined;
    }),
  );
  return results.filter(Boolean).length;
}
