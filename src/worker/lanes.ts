// Runs tasks with at most `concurrency` at once and one at a time per key (a channel, a member): different
// keys go out in parallel, while a key's own tasks keep their order and a busy key (Discord allows about
// 5 posts per 5 s in one channel) holds one slot, not all of them.

interface Lane {
  depth: number;
  tail: Promise<void>;
}

export class Lanes {
  private active = 0;
  private readonly slotWaiters: (() => void)[] = [];
  private readonly lanes = new Map<string, Lane>();

  constructor(
    private readonly concurrency: number,
    /** Called when a key's last queued task has finished. */
    private readonly onLaneEmpty: (key: string) => void = () => undefined,
  ) {}

  /** Tasks queued or running for `key`. */
  depth(key: string): number {
    return this.lanes.get(key)?.depth ?? 0;
  }

  /** The keys with at least `depth` tasks queued or running. */
  keysWithDepth(depth: number): string[] {
    return [...this.lanes].filter(([, lane]) => lane.depth >= depth).map(([key]) => key);
  }

  /** Queues `task` behind the key's earlier tasks; settles as it does. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const lane = this.lanes.get(key) ?? { depth: 0, tail: Promise.resolve() };
    lane.depth += 1;
    this.lanes.set(key, lane);
    const done = lane.tail
      .then(async () => {
        await this.takeSlot();
        try {
          return await task();
        } finally {
          this.releaseSlot();
        }
      })
      .finally(() => {
        lane.depth -= 1;
        if (lane.depth > 0) return;
        this.lanes.delete(key);
        this.onLaneEmpty(key);
      });
    lane.tail = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  }

  private takeSlot(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active += 1;
      return Promise.resolve();
    }
    // The slot is handed over directly by releaseSlot, so `active` never drops between owners.
    return new Promise((resolve) => this.slotWaiters.push(resolve));
  }

  private releaseSlot(): void {
    const next = this.slotWaiters.shift();
    if (next === undefined) this.active -= 1;
    else next();
  }
}
