import type { FastifyReply } from 'fastify';
import { AbortControllerPool } from './abort-controller-pool.js';
import { ClientDepartures } from './client-departures.js';
import { serviceError } from './errors.js';
import type { Lifecycle } from './lifecycle.js';

/** How an analysis uses its scope's signal. */
export interface ScopeUse {
  /** Whether the signal may reach `AbortSignal.any` (rendering), so that its controller must not be reused. */
  sharesSignal: boolean;
}

/** What the scopes of one app share: shutdown, the connections watched, and the controllers to reuse. */
export class AnalysisScopes {
  private readonly departures = new ClientDepartures();
  private readonly controllers = new AbortControllerPool();

  constructor(private readonly lifecycle: Lifecycle) {}

  /** The scope of one request's analysis; `dispose` it when the request is answered. */
  open(reply: FastifyReply, use: ScopeUse): AnalysisScope {
    return new AnalysisScope(reply, this.lifecycle, this.departures, use.sharesSignal ? undefined : this.controllers);
  }
}

/**
 * The life of one analysis request: its signal aborts when the client closes the connection, when shutdown's grace
 * runs out, or when the whole-analysis deadline passes, with that reason as the signal's reason. `dispose` must be
 * called when the request is answered.
 */
export class AnalysisScope {
  private readonly controller: AbortController;
  private deadline: NodeJS.Timeout | undefined;
  private readonly leaveDepartures: () => void;
  private readonly leaveLifecycle: () => void;
  private left = false;

  constructor(
    reply: FastifyReply,
    lifecycle: Lifecycle,
    departures: ClientDepartures,
    private readonly pool: AbortControllerPool | undefined,
  ) {
    this.controller = pool?.take() ?? new AbortController();
    this.leaveDepartures = departures.watch(reply.raw.socket, () => {
      this.left = true;
      this.stop(serviceError('ABORTED', 'The client closed the connection'));
    });
    this.leaveLifecycle = lifecycle.onCutOff((reason) => this.stop(reason));
  }

  /** Aborts with the reason that ended the request first. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether the client closed the connection before the scope was disposed: its answer cannot reach it. */
  get clientLeft(): boolean {
    return this.left;
  }

  /** Starts the whole-analysis deadline: from the moment the analysis has a slot, not while it waits for one. */
  startDeadline(ms: number): void {
    this.deadline = setTimeout(
      () => this.stop(serviceError('TIMEOUT', `The analysis did not finish within ${ms} ms`)),
      ms,
    );
  }

  dispose(): void {
    clearTimeout(this.deadline);
    this.leaveLifecycle();
    this.leaveDepartures();
    this.pool?.give(this.controller);
  }

  private stop(reason: unknown): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }
}
