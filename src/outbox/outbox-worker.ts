// The outbox worker (docs/architecture.md, "Posting", "Growing past one machine"): claims due rows under a
// lease, sends each through the shared @discordjs/rest client (which owns Discord's rate limits) and records
// what Discord said.
import { claimDueOutbox, readNextOutboxLeaseEnd } from "../store/outbox-lease.js";
import { findOutboxEntry, type OutboxEntry } from "../store/outbox.js";
import { applyFailure, releaseEntry } from "./apply-failure.js";
import { ChannelLanes } from "./channel-lanes.js";
import { describeError } from "./classify-failure.js";
import { deliverTurn, type TurnOutcome } from "./deliver-turn.js";
import { createDeliveryRecorder } from "./delivery-recorder.js";
import type { OutboxDeps } from "./outbox-deps.js";
import { describeResult, type OutboxResult } from "./outbox-result.js";
import { readWorkerSettings, type OutboxWorkerOptions } from "./outbox-worker-options.js";
import { reportResult } from "./report-result.js";
import {
  checkRetentionPolicy,
  defaultRetentionPolicy,
  pruneDelivered,
  type PruneCounts,
} from "./prune-delivered.js";
import { defaultRetryPolicy } from "./retry-policy.js";
import { WaitingRows } from "./waiting-rows.js";
import { WakeSignal } from "./wake-signal.js";

/** idle: built, driven by runOnce; drained: after drain(); stopped: Discord refused the token (401). */
export type OutboxWorkerState = "idle" | "running" | "draining" | "drained" | "stopped";

export interface OutboxWorker {
  /** Claims and sends continuously: at once on notify(), else every poll interval; prunes daily. */
  start(): void;
  /** Stops claiming, hands back rows not yet started, and resolves once the rows in flight are done. */
  drain(): Promise<void>;
  /** Claims one batch and handles all of it; what tests drive with a manual clock. */
  runOnce(): Promise<OutboxResult[]>;
  /** Rows were enqueued: look now rather than at the next poll. */
  notify(): void;
  /** Deletes old delivered and dead rows and old inbox events, per the retention policy. */
  pruneDelivered(): Promise<PruneCounts>;
  readonly state: OutboxWorkerState;
  /** Why sending stopped for good (a 401), if it did. */
  readonly stoppedReason: string | undefined;
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const settings = readWorkerSettings(options);
  const retention = checkRetentionPolicy({ ...defaultRetentionPolicy, ...options.retention });
  const { db, clock, logger, owner } = options;
  const deps: OutboxDeps = {
    db,
    rest: options.rest,
    sources: options.sources,
    clock,
    logger,
    owner,
    leaseMs: settings.leaseMs,
    retry: { ...defaultRetryPolicy, ...options.retry },
    recordDelivered: createDeliveryRecorder(db),
    random: options.random ?? Math.random,
  };
  let state: OutboxWorkerState = "idle";
  let stoppedReason: string | undefined;
  /** Rows claimed and not finished; a claim takes at most batchSize minus this. */
  let held = 0;
  /** The last claim was full, so more rows may be due: claim again once half the batch is done. */
  let mayHaveMore = false;
  const inFlight = new Set<Promise<OutboxResult>>();
  /** Channels found deleted or closed to the bot while rows of theirs wait here (those rows are dead). */
  const closedChannels = new Set<string>();
  const lanes = new ChannelLanes(settings.concurrency, (channelId) => closedChannels.delete(channelId));
  const waiting = new WaitingRows();
  const signal = new WakeSignal();
  let loop: Promise<void> | undefined;
  let pruneTimer: NodeJS.Timeout | undefined;

  // Read through a function: the compiler would otherwise keep a narrowing of `state` across awaits.
  const readState = (): OutboxWorkerState => state;
  const isAccepting = () => state === "idle" || state === "running";

  async function claimBatch(): Promise<Promise<OutboxResult>[]> {
    const room = settings.batchSize - held;
    if (!isAccepting() || room <= 0) return [];
    const now = clock.now();
    const entries = await claimDueOutbox(db, { owner, now, leaseMs: settings.leaseMs, limit: room });
    mayHaveMore = entries.length === room;
    // The lease is on the database's clock; this worker counts it on its own from before the claim, so it
    // never thinks a row still its after the database's lease has ended.
    const leaseEndsAt = now + settings.leaseMs;
    return entries.map((entry) => dispatch(entry, leaseEndsAt));
  }

  function dispatch(entry: OutboxEntry, leaseEndsAt: number): Promise<OutboxResult> {
    held += 1;
    const busy = lanes.depth(entry.channelId) >= settings.maxQueuedPerChannel;
    if (!busy) waiting.add(entry);
    const work = (
      busy
        ? guard(entry, () => releaseEntry(deps, entry, "channel busy", settings.busyChannelDelayMs))
        : lanes.run(entry.channelId, () => guard(entry, () => handleEntry(entry, leaseEndsAt)))
    ).finally(() => {
      held -= 1;
      inFlight.delete(work);
      if (mayHaveMore && held <= settings.batchSize / 2) signal.wake();
    });
    inFlight.add(work);
    return work;
  }

  /** Every row ends with a result: an unexpected error (the database, say) leaves it to its lease. */
  async function guard(entry: OutboxEntry, task: () => Promise<OutboxResult>): Promise<OutboxResult> {
    let result: OutboxResult;
    try {
      result = await task();
    } catch (error) {
      logger.error(
        { err: error, outboxId: entry.id },
        "outbox row left to its lease after an unexpected error",
      );
      result = describeResult(entry, "released", { reason: `unexpected error: ${describeError(error)}` });
    }
    reportResult(logger, options.onResult, result);
    return result;
  }

  async function handleEntry(entry: OutboxEntry, leaseEndsAt: number): Promise<OutboxResult> {
    const carried = waiting.start(entry);
    if (carried !== undefined) return carried;
    if (state === "stopped") return releaseEntry(deps, entry, `not sent: ${stoppedReason ?? "stopped"}`);
    if (state === "draining") return releaseEntry(deps, entry, "not sent: the worker is shutting down");
    if (closedChannels.has(entry.channelId)) {
      // Dropped with its channel while it waited here (unless enqueued since): no request to make.
      const current = await findOutboxEntry(db, entry.id);
      if (current?.status !== "pending") {
        return describeResult(entry, "dead", { reason: current?.lastError ?? "its channel failed" });
      }
    }
    // Past its lease another worker may hold the row; it is claimable again, so leave it to the next claim.
    if (clock.now() >= leaseEndsAt) {
      return describeResult(entry, "released", { reason: "its lease ran out before its turn" });
    }
    const turn = await deliverTurn(deps, entry, waiting.behind(entry.channelId));
    const results = turn.ok ? turn.results : await applyTurnFailure(turn);
    // Rows of the group this worker did not hold have no turn of their own here to report them.
    for (const result of waiting.settle(entry.channelId, entry.id, results)) {
      reportResult(logger, options.onResult, result);
    }
    const own = results.find((result) => result.id === entry.id);
    return own ?? describeResult(entry, "released", { reason: "no longer this worker's" });
  }

  async function applyTurnFailure(turn: Extract<TurnOutcome, { ok: false }>): Promise<OutboxResult[]> {
    const { failure, entries } = turn;
    if (failure.kind === "unauthorized") stopSending(failure.detail);
    // Rows in flight when the token was refused fail with "no token": not their fault, not an attempt.
    else if (readState() === "stopped") {
      return Promise.all(entries.map((entry) => releaseEntry(deps, entry, `not sent: ${failure.detail}`)));
    }
    const channelId = entries[0]?.channelId;
    if (channelId !== undefined && (failure.kind === "channel-gone" || failure.kind === "no-access")) {
      closedChannels.add(channelId);
    }
    return applyFailure(deps, entries, failure);
  }

  function stopSending(detail: string): void {
    if (state === "stopped") return;
    state = "stopped";
    stoppedReason = `Discord refused the bot token (${detail})`;
    logger.fatal(
      { owner },
      `${stoppedReason}: the outbox worker stopped sending; fix DISCORD_TOKEN and restart the bot`,
    );
    clearInterval(pruneTimer);
    signal.wake();
  }

  async function runLoop(): Promise<void> {
    while (readState() === "running") {
      let wait = settings.pollIntervalMs;
      try {
        // The rows run on their own (tracked in inFlight); the loop only waits before claiming again.
        const claimed = await claimBatch();
        if (claimed.length > 0) logger.debug({ claimed: claimed.length }, "claimed outbox rows");
        wait = await readWait();
      } catch (error) {
        mayHaveMore = false;
        logger.error({ err: error }, "could not claim outbox rows; trying again at the next poll");
      }
      if (readState() !== "running") break;
      await signal.wait(wait);
    }
  }

  /**
   * The poll interval, or less when another worker's lease ends sooner: a dead instance's rows are taken
   * over as their lease ends (docs/architecture.md, "Growing past one machine").
   */
  async function readWait(): Promise<number> {
    if (mayHaveMore) return settings.pollIntervalMs;
    const untilLeaseEnds = await readNextOutboxLeaseEnd(db, { owner, now: clock.now() });
    return Math.min(settings.pollIntervalMs, untilLeaseEnds ?? Number.POSITIVE_INFINITY);
  }

  async function prune(): Promise<PruneCounts> {
    const counts = await pruneDelivered(db, { ...retention, now: clock.now() });
    logger.info(counts, "pruned old outbox rows and inbox events");
    return counts;
  }

  // Kept so drain() can wait for it: closing the database under a running prune would fail it.
  let pruning: Promise<unknown> = Promise.resolve();
  function pruneInBackground(): void {
    pruning = prune().catch((error: unknown) => {
      logger.error({ err: error }, "pruning the outbox and inbox failed; trying again at the next interval");
    });
  }

  return {
    start() {
      if (state === "running") return;
      if (state !== "idle") throw new Error(`an outbox worker cannot start once ${state}`);
      state = "running";
      loop = runLoop();
      if (settings.pruneIntervalMs > 0) {
        pruneInBackground();
        pruneTimer = setInterval(pruneInBackground, settings.pruneIntervalMs);
      }
    },
    async drain() {
      if (isAccepting()) state = "draining";
      clearInterval(pruneTimer);
      signal.wake();
      await loop;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await pruning;
      if (state === "draining") state = "drained";
    },
    async runOnce() {
      return Promise.all(await claimBatch());
    },
    notify() {
      if (state === "running") signal.wake();
    },
    pruneDelivered: prune,
    get state() {
      return state;
    },
    get stoppedReason() {
      return stoppedReason;
    },
  };
}
