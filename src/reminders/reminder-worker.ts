// The reminder worker (docs/architecture.md, "Tournament reminders", "Tournament events"). Every second it
// reads the open tournaments of the servers due a read (one instance per server and interval: claimDuePolls
// for servers with reminders, claimDueEventReads for those with events alone), then sends the reminders that
// fell due: each is marked sent in the commit that queues its post in the outbox, which then posts it exactly
// once. Nothing is kept in memory between ticks, so a restart loses nothing.
import { claimDuePolls } from "../store/reminder-settings.js";
import { claimDueEventReads } from "../store/tournament-event-reads.js";
import { sendDueReminders, type DueReminderOutcome } from "../store/due-reminders.js";
import { createPollingWorker } from "../worker/polling-worker.js";
import { hasEventWork } from "./events/sync-guild-tournament-events.js";
import { pollGuildTournaments, type PollOutcome } from "./poll-guild-tournaments.js";
import type { ReminderDeps } from "./reminder-deps.js";
import { decideDueReminder } from "./reminder-timing.js";
import type { TournamentReader } from "./tournament-reader.js";

export interface ReminderWorkerOptions extends ReminderDeps {
  /** Called after a commit that queued posts, so the outbox posts them at once. */
  readonly onEnqueued: () => void;
  /** Called after a read that left scheduled events to sync (docs/architecture.md, "Tournament events"). */
  readonly onEventsQueued?: () => void;
  /** How often due reads and reminders are looked for. Default 1 s: a reminder goes out within it. */
  readonly tickMs?: number;
  /** Servers read per tick at most. Default 20. */
  readonly pollsPerTick?: number;
  /** Reminders handled per commit. Default 50. */
  readonly batchSize?: number;
}

export interface ReminderTick {
  readonly polls: readonly PollOutcome[];
  readonly due: readonly DueReminderOutcome[];
}

export interface ReminderWorker {
  start(): void;
  /** Stops looking and resolves once the tick under way is done. */
  drain(): Promise<void>;
  /** One tick to the end; what tests drive. */
  runOnce(): Promise<ReminderTick>;
}

export function createReminderWorker(options: ReminderWorkerOptions): ReminderWorker {
  const tickMs = options.tickMs ?? 1000;
  const pollsPerTick = options.pollsPerTick ?? 20;
  const batchSize = options.batchSize ?? 50;
  const { logger, clock } = options;
  const worker = createPollingWorker({
    name: "a reminder worker",
    logger,
    clock,
    pollIntervalMs: tickMs,
    pollFailedMessage: "tournament reminder work failed; trying again shortly",
    async poll() {
      startPolls();
      await sendDue();
    },
  });

  async function pollDueGuilds(): Promise<PollOutcome[]> {
    const polls: PollOutcome[] = [];
    for (const reader of await claimDueReaders()) polls.push(await pollOneGuild(reader));
    return polls;
  }

  /**
   * One server's read. A failure the read does not answer itself (its reminders' or events' writes refused by
   * the database, say) is this server's alone: the others the tick claimed, whose next reads the claim
   * already moved an interval ahead, are still read now. The failed server is read again at its next
   * interval.
   */
  async function pollOneGuild(reader: TournamentReader): Promise<PollOutcome> {
    try {
      return await pollGuildTournaments(options, reader);
    } catch (error) {
      logger.error(
        { guildId: reader.settings.guildId, err: error },
        "could not bring a server's tournament reminders and events in line with its read; its next read tries again",
      );
      return { kind: "failed" };
    }
  }

  /**
   * Servers with reminders and servers with events alone, up to `pollsPerTick` of each: a tick full of due
   * reminder reads never leaves the others waiting.
   */
  async function claimDueReaders(): Promise<TournamentReader[]> {
    const claim = { now: clock.now(), pollMs: options.config.reminders.pollMs, limit: pollsPerTick };
    const reminders = await claimDuePolls(options.db, claim);
    const events = await claimDueEventReads(options.db, claim);
    return [
      ...reminders.map((settings) => ({ feeds: "reminders" as const, settings })),
      ...events.map((settings) => ({ feeds: "events" as const, settings })),
    ];
  }

  async function sendDue(): Promise<DueReminderOutcome[]> {
    const due: DueReminderOutcome[] = [];
    for (;;) {
      const now = clock.now();
      const batch = await sendDueReminders(options.db, {
        now,
        limit: batchSize,
        decide: (reminder) => decideDueReminder(reminder, now),
      });
      due.push(...batch);
      if (batch.length < batchSize) break;
    }
    report(due);
    return due;
  }

  // Reads run beside the ticks: a slow platform (each page may take its time-out) never holds back a reminder
  // that is due. When a read ends, the next tick comes at once for what it scheduled.
  let polling: Promise<unknown> | undefined;
  function startPolls(): void {
    if (polling !== undefined) return;
    polling = worker.track(
      pollDueGuilds()
        .then((polls) => {
          // Only after a read: waking after every empty look would spin without ever yielding to timers.
          if (polls.length > 0) worker.wake();
          if (polls.some((poll) => poll.kind === "read" && hasEventWork(poll.events)))
            options.onEventsQueued?.();
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, "could not read the open tournaments for reminders");
        })
        .finally(() => {
          polling = undefined;
        }),
    );
  }

  function report(due: readonly DueReminderOutcome[]): void {
    const sent = due.filter((outcome) => outcome.decision.send);
    if (sent.length > 0) {
      options.metrics.sent(sent.length);
      options.onEnqueued();
    }
    for (const outcome of due) {
      const { reminder, decision } = outcome;
      const log = {
        guildId: reminder.guildId,
        tournamentId: reminder.tournament.id,
        lead: reminder.leadMinutes,
      };
      if (decision.send) {
        logger.info({ ...log, outboxId: outcome.outboxId }, "tournament reminder queued");
      } else {
        options.metrics.skipped(decision.reason, 1);
        logger.info(
          { ...log, reason: decision.reason, dueAt: reminder.dueAt },
          "tournament reminder skipped",
        );
      }
    }
  }

  return {
    start: () => {
      worker.start();
    },
    drain: () => worker.drain(),
    async runOnce() {
      const polls = await pollDueGuilds();
      return { polls, due: await sendDue() };
    },
  };
}
