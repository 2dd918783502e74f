/** One of the slowest chains of a run. */
export interface SlowChain {
  source: string;
  finalUrl?: string;
  /** Milliseconds: the chain's total time. */
  time: number;
  hops: number;
}

/**
 * The `size` slowest chains seen, kept in a min-heap of that size: a run of a million rows holds ten entries, and
 * each row costs at most log(size) comparisons.
 */
export class SlowestChains {
  private readonly heap: SlowChain[] = [];

  constructor(private readonly size = 10) {}

  add(chain: SlowChain): void {
    const { heap } = this;
    if (heap.length < this.size) {
      heap.push(chain);
      this.up(heap.length - 1);
    } else if (this.size > 0 && chain.time > heap[0]!.time) {
      heap[0] = chain;
      this.down(0);
    }
  }

  /** The chains kept, slowest first. */
  list(): SlowChain[] {
    return [...this.heap].sort((a, b) => b.time - a.time);
  }

  private up(index: number): void {
    const { heap } = this;
    let child = index;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (heap[parent]!.time <= heap[child]!.time) return;
      [heap[parent], heap[child]] = [heap[child]!, heap[parent]!];
      child = parent;
    }
  }

  private down(index: number): void {
    const { heap } = this;
    let parent = index;
    for (;;) {
      const left = parent * 2 + 1;
      const right = left + 1;
      let smallest = parent;
      if (left < heap.length && heap[left]!.time < heap[smallest]!.time) smallest = left;
      if (right < heap.length && heap[right]!.time < heap[smallest]!.time) smallest = right;
      if (smallest === parent) return;
      [heap[parent], heap[smallest]] = [heap[smallest]!, heap[parent]!];
      parent = smallest;
    }
  }
}
