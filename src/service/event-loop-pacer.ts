/**
 * Spreads a burst of work over event-loop turns. A thousand analyses arriving, finishing or timing out together
 * would otherwise run back to back in one turn and hold the loop for hundreds of milliseconds, starving everything
 * else (a `/healthz` probe among it). At most `perTurn` callers pass per turn; the others wait, in arrival order, for
 * the following turns, and the loop polls for I/O between two turns.
 */
export class EventLoopPacer {
  private readonly perTurn: number;
  /** Callers let through since the budget was last reset. */
  private passed = 0;
  private readonly queue: Array<() => void> = [];
  private turn: NodeJS.Immediate | undefined;

  constructor(perTurn: number) {
    if (!Number.isInteger(perTurn) || perTurn < 1) throw new RangeError('perTurn must be a positive integer');
    this.perTurn = perTurn;
  }

  /** Callers waiting for a later turn. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves in this turn while its budget lasts, else in a later turn. Never rejects. */
  waitTurn(): Promise<void> {
    if (this.queue.length === 0 && this.passed < this.perTurn) {
      this.passed++;
      this.schedule();
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.queue.push(resolve);
      this.schedule();
    });
  }

  private schedule(): void {
    // One immediate per turn: it resets the budget and lets the next batch through, after the poll phase.
    this.turn ??= setImmediate(() => this.nextTurn());
  }

  private nextTurn(): void {
    this.turn = undefined;
    const batch = this.queue.splice(0, this.perTurn);
    this.passed = batch.length;
    for (const resolve of batch) resolve();
    // A turn that let callers through keeps its budget until the next reset; an idle pacer schedules nothing.
    if (this.passed > 0) this.schedule();
  }
}
