/**
 * A monitor's alerts: deciding when a run's result is worth one (failing, still failing, passing again), writing its
 * message for email and each chat service, keeping it in the outbox until sent, delivering it through a connector that
 * reaches only public addresses, and hiding the secrets of a monitor's channels when its alerts are shown.
 */
export { type AlertSummary, discordBody, googleChatBody, slackBody, teamsBody } from './chat-bodies.js';
export {
  DELIVERY,
  DELIVERY_HEADERS,
  type DeliveryConfig,
  deliverDueAlerts,
  postAlert,
  retryTime,
  SIGNATURE_HEADER,
  signBody,
  signDelivery,
} from './delivery.js';
export { type EmailSettings, emailMessage, sendEmail } from './email.js';
export { type AlertEvent, alertEventFor, chainChanges } from './event.js';
export { AlertGuard, type AlertGuardSettings, REFUSED_DELIVERY } from './guard.js';
export { type AlertMessage, type AlertSettings, alertMessages, channelsOf, monitorLink } from './message.js';
export { AlertOutbox, type AlertRecord, type PendingAlert } from './outbox.js';
export { type AlertPolicy, type AlertState, decideAlert, QUIET } from './policy.js';
export { isRedactedUrl, redactMonitor, redactRecord, redactUrl, restoreRedacted } from './redaction.js';
