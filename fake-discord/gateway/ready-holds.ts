// READY a test holds back (fake-discord/README.md, "The gateway"): the shard identified, Discord has not answered
// yet, so a test can act while the bot is still logging in (stop it, send another shard's interactions), then
// let READY go.
import { ChangeSignal } from "../change-signal.js";

/** One hold: READY for the sessions of the shards it names (every shard when it names none). */
export interface ReadyHold {
  /** How many IDENTIFYs this hold has caught so far. */
  readonly caught: number;
  /** Resolves once the hold has caught `count` IDENTIFYs. */
  waitForCaught(count?: number, timeoutMs?: number): Promise<void>;
  /** Sends READY (and the guilds) to every session held, and holds no more. */
  release(): void;
}

interface ActiveHold {
  readonly shardIds: ReadonlySet<number> | undefined;
  caught: number;
  readonly pending: (() => void)[];
  /** Notified at each catch, for waitForCaught. */
  readonly caughtSignal: ChangeSignal;
}

export class ReadyHolds {
  readonly #holds = new Set<ActiveHold>();

  hold(shardIds?: readonly number[]): ReadyHold {
    const active: ActiveHold = {
      shardIds: shardIds === undefined ? undefined : new Set(shardIds),
      caught: 0,
      pending: [],
      caughtSignal: new ChangeSignal(),
    };
    this.#holds.add(active);
    return {
      get caught() {
        return active.caught;
      },
      waitForCaught: (count = 1, timeoutMs = 30_000) =>
        active.caughtSignal
          .waitFor(() => (active.caught >= count ? true : undefined), timeoutMs, `${count} IDENTIFYs held`)
          .then(() => undefined),
      release: () => {
        this.#holds.delete(active);
        for (const send of active.pending.splice(0)) send();
      },
    };
  }

  /** Sends READY through `send` now, or once the first hold that covers the shard is released. */
  pass(shardId: number, send: () => void): void {
    for (const active of this.#holds) {
      if (active.shardIds !== undefined && !active.shardIds.has(shardId)) continue;
      active.caught += 1;
      active.pending.push(send);
      active.caughtSignal.notify();
      return;
    }
    send();
  }
}
