import type { HopDeadline } from './deadline.js';
import { BODY_READ_LIMIT, type ExchangeRequest, type ExchangeResponse } from './exchange.js';
import { lenientRequest } from './lenient-request.js';
import type { PoolConnection } from './pool-connection.js';

/**
 * A hop's request sent again with Node's lenient parser, after undici refused the response for a header value byte
 * (src/core/hop/lenient-request.ts). Only GET and HEAD are ever sent again: safe methods (RFC 9110 §9.2.1), which a
 * server must not take as a request for a change, though it sees the request twice. It runs under the hop's deadline
 * as it stands (the clock is not restarted), so the hop is bounded by its timeout as any other.
 */
export async function resendLeniently(
  request: ExchangeRequest,
  connection: PoolConnection,
  deadline: HopDeadline,
): Promise<ExchangeResponse> {
  const controller = new AbortController();
  deadline.swap({ abort: (reason) => controller.abort(reason) });
  const response = await lenientRequest({
    url: request.url,
    address: request.address,
    method: request.method,
    headers: request.headers,
    connect: connection.connect,
    maxHeaderSize: connection.maxHeaderSize,
    signal: controller.signal,
    bodyLimit: BODY_READ_LIMIT,
    keepsBody: request.keepsBody,
  });
  return {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    responseTime: response.responseTime,
    firstByte: response.responseTime,
    connection: undefined,
    reusedConnection: undefined,
    body: response.body,
  };
}
