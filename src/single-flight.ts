// One run at a time per key: concurrent callers with the same key share the running promise. A link's token
// refresh (docs/architecture.md, "Linking") runs once, since a rotating server accepts its refresh token only
// once; a member's presence is asked of Discord once (src/discord/guild-member-presence.ts).

export interface SingleFlight {
  runOnce<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Number of keys with a task in flight (for tests and metrics). */
  readonly size: number;
}

export function createSingleFlight(): SingleFlight {
  const running = new Map<string, Promise<unknown>>();
  return {
    runOnce<T>(key: string, task: () => Promise<T>): Promise<T> {
      const existing = running.get(key);
      if (existing !== undefined) return existing as Promise<T>;
      const promise = Promise.resolve()
        .then(task)
        .finally(() => running.delete(key));
      running.set(key, promise);
      return promise;
    },
    get size() {
      return running.size;
    },
  };
}
