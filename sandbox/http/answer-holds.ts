// Answers a test holds back: the request was carried out, but its answer waits until the test releases it, as
// a slow platform's would, so a test sees how many requests a client keeps open meanwhile
// (`Sandbox.apiRequestsInFlight`). A held answer is sent when its hold is released.

/**
 * One hold: the answers to API requests of `method` whose path (without the query) matches `path`, and whose
 * query matches `query` when one is given.
 */
export interface AnswerHold {
  /** How many answers this hold has caught so far. */
  readonly caught: number;
  /** Resolves once the hold has caught `count` answers. */
  waitForCaught(count: number): Promise<void>;
  /** Sends every answer held, and holds no more. */
  release(): void;
}

interface ActiveHold {
  readonly method: string;
  readonly path: RegExp;
  readonly query: RegExp | undefined;
  caught: number;
  readonly gate: Promise<void>;
  readonly waiters: { count: number; resolve: () => void }[];
}

export class AnswerHolds {
  readonly #holds = new Set<ActiveHold>();

  hold(method: string, path: RegExp, query?: RegExp): AnswerHold {
    let open = (): void => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const active: ActiveHold = { method, path, query, caught: 0, gate, waiters: [] };
    this.#holds.add(active);
    return {
      get caught() {
        return active.caught;
      },
      waitForCaught: (count) =>
        active.caught >= count
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              active.waiters.push({ count, resolve });
            }),
      release: () => {
        this.#holds.delete(active);
        open();
      },
    };
  }

  /** Waits while a hold matches this answer; at once when none does. */
  async pass(method: string, url: string): Promise<void> {
    const [path = "", query = ""] = url.split("?");
    for (const active of [...this.#holds]) {
      if (active.method !== method || !active.path.test(path)) continue;
      if (active.query !== undefined && !active.query.test(query)) continue;
      active.caught += 1;
      for (const waiter of active.waiters.filter(({ count }) => active.caught >= count)) waiter.resolve();
      await active.gate;
    }
  }
}
