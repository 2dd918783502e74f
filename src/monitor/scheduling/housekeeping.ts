import type { Database } from '../../database/index.js';
import type { AlertOutbox } from '../alerts/index.js';
import { type DeliveryConfig, deliverDueAlerts } from '../alerts/index.js';
import type { MonitorObserver } from '../monitor-observer.js';
import { pruneRuns, pruneTicks } from '../storage/index.js';

/** How often old history is pruned: the query is cheap, but there is no point running it every tick. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What every scheduler does besides running monitors: deliver due alerts, and keep the history bounded. */
export class Housekeeping {
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    private readonly outbox: AlertOutbox,
    private readonly options: {
      now: () => number;
      historyDays: number;
      delivery: DeliveryConfig;
      observer: MonitorObserver;
    },
  ) {}

  async run(): Promise<void> {
    const { now, historyDays, delivery, observer } = this.options;
    await deliverDueAlerts(this.outbox, now, delivery, observer);
    if (now() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now();
      await pruneRuns(this.db, now() - historyDays * DAY_MS);
      await pruneTicks(this.db, now() - historyDays * DAY_MS);
    }
  }
}
