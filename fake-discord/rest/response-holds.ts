// Answers a test holds back (fake-discord/README.md): the request was carried out, Discord made the thread or
// the event, but its answer waits until the test releases it, so a test can kill the bot at exactly the point
// where Discord acted and the bot has not heard. A held answer is released when its hold is, whether or not
// the client is still there to read it. The same holds serve requests held before their route acts
// (holdRequests), where nothing is done until the release.
import { ChangeSignal } from "../change-signal.js";

/** One hold: the successful answers to requests of `method` whose path matches `path`. */
export interface ResponseHold {
  /** How many answers this hold has caught so far. */
  readonly caught: number;
  /** Resolves once the hold has caught `count` answers. */
  waitForCaught(count?: number, timeoutMs?: number): Promise<void>;
  /** Sends every answer held, and holds no more. */
  release(): void;
}

interface ActiveHold {
  readonly method: string;
  readonly path: RegExp;
  caught: number;
  released: boolean;
  readonly gate: Promise<void>;
  open(): void;
  /** Notified at each catch, for waitForCaught. */
  readonly caughtSignal: ChangeSignal;
}

export class ResponseHolds {
  readonly #holds = new Set<ActiveHold>();

  hold(method: string, path: RegExp): ResponseHold {
    let open = (): void => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const active: ActiveHold = {
      method,
      path,
      caught: 0,
      released: false,
      gate,
      open,
      caughtSignal: new ChangeSignal(),
    };
    this.#holds.add(active);
    return {
      get caught() {
        return active.caught;
      },
      waitForCaught: (count = 1, timeoutMs = 30_000) =>
        active.caughtSignal
          .waitFor(
            () => (active.caught >= count ? true : undefined),
            timeoutMs,
            `${count} answers to ${method} ${String(path)}`,
          )
          .then(() => undefined),
      release: () => {
        active.released = true;
        this.#holds.delete(active);
        active.open();
      },
    };
  }

  /** Waits while a hold matches this answer (or request); at once when none does. */
  async pass(method: string, path: string): Promise<void> {
    // The holds in place when the answer came: a hold made after one that caught it was released does not
    // catch the same answer again.
    for (const active of [...this.#holds]) {
      if (active.released || active.method !== method || !active.path.test(path)) continue;
      active.caught += 1;
      active.caughtSignal.notify();
      await active.gate;
    }
  }
}
