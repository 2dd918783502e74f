import type { Socket } from 'node:net';

/**
 * Tells requests when their client has gone (closed its connection). One `close` listener per connection rather
 * than one per request: a keep-alive connection carries thousands of analyses, and a listener added to and taken
 * off each response cost about 5% of an analysis's CPU in the service (BENCHMARKS.md "The request's scope"). A
 * connection carries more than one request in flight only when pipelined; each is told.
 */
export class ClientDepartures {
  private readonly watched = new WeakMap<Socket, Set<() => void>>();

  /**
   * Calls `onGone` once when `socket` closes, unless the function returned is called first. A socket already
   * destroyed is reported at once. Without a socket (an injected request) there is nothing to watch.
   */
  watch(socket: Socket | null, onGone: () => void): () => void {
    if (socket === null) return noop;
    if (socket.destroyed) {
      onGone();
      return noop;
    }
    const waiting = this.watched.get(socket) ?? this.track(socket);
    waiting.add(onGone);
    return () => waiting.delete(onGone);
  }

  /** The requests waiting on `socket`, with the one listener that tells them when it closes. */
  private track(socket: Socket): Set<() => void> {
    const waiting = new Set<() => void>();
    this.watched.set(socket, waiting);
    socket.once('close', () => {
      const gone = [...waiting];
      waiting.clear();
      for (const tell of gone) tell();
    });
    return waiting;
  }
}

function noop(): void {}
