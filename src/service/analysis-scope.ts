import type { FastifyReply } from 'fastify';
import { serviceError } from './errors.js';
import type { Lifecycle } from './lifecycle.js';

/**
 * The life of one analysis request: its signal aborts when the client closes the connection, when shutdown's grace
 * runs out, or when the whole-analysis deadline passes, with that reason as the signal's reason. `dispose` must be
 * called when the request is answered.
 */
export class AnalysisScope {
  private readonly controller = new AbortController();
  private deadline: NodeJS.Timeout | undefined;
  private readonly onClientGone: () => void;
  private readonly leaveLifecycle: () => void;

  constructor(
    private readonly reply: FastifyReply,
    lifecycle: Lifecycle,
  ) {
    this.onClientGone = () => {
      if (!reply.raw.writableEnded) this.stop(serviceError('ABORTED', 'The client closed the connection'));
    };
    reply.raw.once('close', this.onClientGone);
    this.leaveLifecycle = lifecycle.onCutOff((reason) => this.stop(reason));
  }

  /** Aborts with the reason that ended the request first. */
  get signal(): AbortSignal {
    return this.controller.signal;
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
    this.reply.raw.off('close', this.onClientGone);
  }

  private stop(reason: unknown): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }
}
