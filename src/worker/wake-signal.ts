/**
 * Wakes a worker's loop early: work was queued, or a batch is half done. A wake that comes while
 * the loop is busy is remembered, so the next wait returns at once instead of missing it.
 */
export class WakeSignal {
  private pending = false;
  private wakeWaiter: (() => void) | undefined;

  wake(): void {
    this.pending = true;
    this.wakeWaiter?.();
  }

  /** Resolves on the next wake, or one since the last wait, or after `timeoutMs` (the poll interval). */
  wait(timeoutMs: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.wakeWaiter = undefined;
        this.pending = false;
        resolve();
      };
      const timer = setTimeout(finish, timeoutMs);
      this.wakeWaiter = finish;
    });
  }
}
