import { subscribe } from 'node:diagnostics_channel';
import { type ConnectionFacts, factsOf } from './connection-facts.js';

/** A request waiting to learn which connection it is written on. */
export interface ConnectionWaiter {
  /** The request's path and query, and method, as dispatched (to check the pairing). */
  readonly path: string;
  readonly method: string;
  /** Told the facts of the connection and whether an earlier request had used it. */
  onConnection(facts: ConnectionFacts, reused: boolean): void;
}

/** undici's `undici:client:sendHeaders` message: the request about to be written and its socket. */
interface SendHeadersMessage {
  request: { path: string; method: string };
  socket: object;
}

let waiting: ConnectionWaiter | undefined;
let subscribed = false;

function onSendHeaders(message: unknown): void {
  const { request, socket } = message as SendHeadersMessage;
  const facts = factsOf(socket);
  // Every request on a known connection counts, whoever sent it (the renderer's fetches share the pool).
  if (facts !== undefined) facts.requests++;
  const waiter = waiting;
  waiting = undefined;
  if (waiter !== undefined && facts !== undefined && request.path === waiter.path && request.method === waiter.method) {
    waiter.onConnection(facts, facts.requests > 1);
  }
}

/**
 * Tells `waiter` which connection its request is written on. Call it from the dispatch handler's `onRequestStart`.
 *
 * undici gives a handler no socket: `onRequestStart` gets a controller and no context (client-h1.js and client-h2.js
 * call `request.onConnect(abort)` alone). What it does give is its diagnostics channel `undici:client:sendHeaders`,
 * published with the request and the socket (for HTTP/2, the session's socket: the one the connector opened). Both
 * HTTP/1.1's `writeH1` and HTTP/2's `writeH2` call `onConnect` and then publish on that channel synchronously, with
 * nothing between that could run another request's code; so the request that announced itself last is the one whose
 * headers are published next. Its path and method are checked, and a pairing that does not hold is dropped (the hop
 * then reports no connection facts) rather than guessed.
 */
export function awaitConnection(waiter: ConnectionWaiter): void {
  if (!subscribed) {
    subscribe('undici:client:sendHeaders', onSendHeaders);
    subscribed = true;
  }
  waiting = waiter;
}
