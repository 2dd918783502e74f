import { getEventListeners } from 'node:events';

/**
 * AbortControllers reused from one analysis request to the next. On Node 20 a new AbortController and the first
 * listener on its signal cost the analyze route more than the rest of a request's scope together (about a tenth of
 * the service's CPU per analysis, BENCHMARKS.md "The request's scope"). A controller comes back only when nothing
 * can still hear from it: not aborted, and no `abort` listener left, since every user of the signal removes its own
 * when its work ends (the gate, the core's hop deadline, the robots.txt wait). A signal that may have been handed to
 * `AbortSignal.any` (rendering) is not given back at all: such dependants are not listeners and cannot be seen.
 */
export class AbortControllerPool {
  private readonly free: AbortController[] = [];

  /** @param max the most controllers kept: more than the analyses ever in flight at once is never needed. */
  constructor(private readonly max = 1024) {}

  /** A controller whose signal has not aborted and has no listener. */
  take(): AbortController {
    return this.free.pop() ?? new AbortController();
  }

  /** Gives `controller` back, when it can be reused; otherwise it is left to the garbage collector. */
  give(controller: AbortController): void {
    const { signal } = controller;
    if (signal.aborted || this.free.length >= this.max) return;
    if (getEventListeners(signal, 'abort').length > 0) return;
    this.free.push(controller);
  }
}
