/**
 * One hop of a chain: sending its request through the guarded pool within the analysis's deadline, reading what came
 * back (status, headers, the head of an HTML body, the connection's facts) into a `Hop`, and sending again with Node's
 * lenient parser a response undici refused for a byte browsers accept. The tracer (src/core/trace.ts) follows a chain
 * by calling it once per hop.
 */
export { addConnectionDetails } from './anatomy.js';
export { type Abortable, HopDeadline } from './deadline.js';
export {
  BODY_READ_LIMIT,
  DRAIN_BUDGET_MS,
  DRAIN_LIMIT,
  type ExchangeRequest,
  type ExchangeResponse,
  HopExchange,
  type ResponseHeaders,
} from './exchange.js';
export { resendLeniently } from './lenient-hop.js';
export { type LenientRequest, type LenientResponse, lenientRequest, refusedHeaderByte } from './lenient-request.js';
export { toNetworkError } from './network-error.js';
export { type PoolConnection, poolConnection, recordPoolConnection } from './pool-connection.js';
export { type HopResponse, HopSender, PERMANENT_STATUSES, REDIRECT_STATUSES } from './sender.js';
