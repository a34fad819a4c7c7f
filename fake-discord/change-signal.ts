/**
 * Lets tests await a state of the fake ("the bot answered", "a message arrived") without polling:
 * every change calls notify(), and each waiter re-reads the state it waits for.
 */
export class ChangeSignal {
  private readonly waiters = new Set<() => void>();

  notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /**
   * Resolves with the first defined value `read` returns, now or after a later change. `read` may
   * throw to fail the wait (an expired interaction). Rejects after `timeoutMs` naming `what`.
   */
  waitFor<T>(read: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = (): boolean => {
        try {
          const value = read();
          if (value === undefined) return false;
          resolve(value);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
        return true;
      };
      if (check()) return;
      const waiter = (): void => {
        if (!check()) return;
        clearTimeout(timer);
        this.waiters.delete(waiter);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }
}
