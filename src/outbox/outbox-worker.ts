// The outbox worker (docs/architecture.md, "Posting", "Growing past one machine"): claims due rows under a
// lease, sends each through the shared @discordjs/rest client (which owns Discord's rate limits) and records
// what Discord said.
import { claimDueOutbox, readNextOutboxLeaseEnd } from "../store/outbox-lease.js";
import { findOutboxEntry, type OutboxEntry } from "../store/outbox.js";
import { createClaimingWorker } from "../worker/claiming-worker.js";
import { Lanes } from "../worker/lanes.js";
import type { WorkerState } from "../worker/polling-worker.js";
import { applyFailure, releaseEntry } from "./apply-failure.js";
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
import { outboxRetryPolicy } from "./retry-policy.js";
import { WaitingRows } from "./waiting-rows.js";

/** idle: built, driven by runOnce; drained: after drain(); stopped: Discord refused the token (401). */
export type OutboxWorkerState = WorkerState;

/** A claimed row and when this worker counts its lease as ended. */
interface ClaimedEntry {
  readonly entry: OutboxEntry;
  readonly leaseEndsAt: number;
}

export interface OutboxWorker {
  /** Claims and sends continuously: at once on notify(), else every poll interval. */
  start(): void;
  /** Stops claiming, hands back rows not yet started, and resolves once the rows in flight are done. */
  drain(): Promise<void>;
  /** Claims one batch and handles all of it; what tests drive with a manual clock. */
  runOnce(): Promise<OutboxResult[]>;
  /** Rows were enqueued: look now rather than at the next poll. */
  notify(): void;
  /**
   * Deletes old delivered and dead rows and old inbox events, per the retention policy: one of the bot's
   * background jobs (src/bot/list-background-jobs.ts), run whether or not the worker sends.
   */
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
    retry: { ...outboxRetryPolicy, ...options.retry },
    recordDelivered: createDeliveryRecorder(db),
    random: options.random ?? Math.random,
  };
  /** Channels found deleted or closed to the bot while rows of theirs wait here (those rows are dead). */
  const closedChannels = new Set<string>();
  const lanes = new Lanes(settings.concurrency, (channelId) => closedChannels.delete(channelId));
  const waiting = new WaitingRows();

  const worker = createClaimingWorker<ClaimedEntry, OutboxResult>({
    name: "an outbox worker",
    units: "outbox rows",
    logger,
    clock,
    pollIntervalMs: settings.pollIntervalMs,
    batchSize: settings.batchSize,
    async claim(room) {
      const now = clock.now();
      const entries = await claimDueOutbox(db, {
        owner,
        now,
        leaseMs: settings.leaseMs,
        limit: room,
        skipChannels: lanes.keysWithDepth(settings.maxQueuedPerChannel),
      });
      // The lease is on the database's clock; this worker counts it on its own from before the claim, so it
      // never thinks a row still its after the database's lease has ended.
      const leaseEndsAt = now + settings.leaseMs;
      return entries.map((entry) => ({ entry, leaseEndsAt }));
    },
    handle: ({ entry, leaseEndsAt }) => dispatch(entry, leaseEndsAt),
    // A dead instance's rows are taken over as their lease ends (docs/architecture.md, "Growing past one machine").
    readNextLeaseEnd: (claimedAt) => readNextOutboxLeaseEnd(db, { owner, now: clock.now(), claimedAt }),
  });
  const readState = (): OutboxWorkerState => worker.state;

  /**
   * A row past what this worker queues for its channel is handed back in its place, and the claims leave the
   * channel's rows alone until it has room: no later row of the channel can go before it, here or in another
   * worker, which claims nothing of a channel this one holds rows of (docs/architecture.md, "Posting").
   */
  function dispatch(entry: OutboxEntry, leaseEndsAt: number): Promise<OutboxResult> {
    const busy = lanes.depth(entry.channelId) >= settings.maxQueuedPerChannel;
    if (!busy) waiting.add(entry);
    return busy
      ? guard(entry, () => releaseEntry(deps, entry, "channel busy"))
      : lanes.run(entry.channelId, () => guard(entry, () => handleEntry(entry, leaseEndsAt)));
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
    const state = readState();
    if (state === "stopped")
      return releaseEntry(deps, entry, `not sent: ${worker.stoppedReason ?? "stopped"}`);
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
    const results = turn.ok ? turn.results : [...(turn.settled ?? []), ...(await applyTurnFailure(turn))];
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
    const reason = `Discord refused the bot token (${detail})`;
    if (!worker.stop(reason)) return;
    logger.fatal(
      { owner },
      `${reason}: the outbox worker stopped sending; fix DISCORD_TOKEN and restart the bot`,
    );
  }

  async function prune(): Promise<PruneCounts> {
    const counts = await pruneDelivered(db, { ...retention, now: clock.now() });
    logger.info(counts, "pruned old outbox rows and inbox events");
    return counts;
  }

  return {
    start() {
      if (worker.state === "running") return;
      worker.start();
    },
    drain: () => worker.drain(),
    runOnce: () => worker.runOnce(),
    notify: () => {
      worker.wake();
    },
    pruneDelivered: prune,
    get state() {
      return worker.state;
    },
    get stoppedReason() {
      return worker.stoppedReason;
    },
  };
}
