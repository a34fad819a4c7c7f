import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Clock } from "../clock.js";
import type { InteractionOutcome } from "../discord/interaction-dispatcher.js";
import type { ReminderMetrics } from "../reminders/reminder-deps.js";
import type { IngestStatus } from "../webhooks/ingest-event.js";
import type { WebhookMetrics, WebhookRejectionReason } from "../webhooks/webhook-metrics.js";
import { cacheOutboxSnapshot } from "./outbox-snapshot-cache.js";

/** How deep and how old the outbox is, read from the store when Prometheus scrapes. */
export interface OutboxSnapshot {
  readonly pending: number;
  /** Age in seconds of the oldest pending row, 0 when none. */
  readonly oldestPendingAgeSeconds: number;
}

/** Whether the database can write, as the store's write health says (src/store/write-health.ts). */
export interface DatabaseWriteFaults {
  /** Every fault there is, each a series of its own from the start (so an alert sees 0 before 1). */
  readonly kinds: readonly string[];
  /** Why the database cannot write and since when (ms since the epoch), or undefined while it can. */
  read(): { readonly fault: string; readonly since: number } | undefined;
}

const noWriteFaults: DatabaseWriteFaults = { kinds: [], read: () => undefined };

/**
 * The bot's Prometheus metrics (docs/architecture.md, "Running"): events received / duplicate / rejected,
 * outbox depth and age, posts by result, command latency. One registry per bot, never the global default.
 */
export interface BotMetrics {
  readonly registry: Registry;
  readonly webhooks: WebhookMetrics;
  /** Tournament reminders queued for posting, and those skipped by reason (docs/architecture.md, "Tournament reminders"). */
  readonly reminders: ReminderMetrics;
  recordInteraction(outcome: InteractionOutcome): void;
  recordPost(result: string): void;
  /** A token refresh failed on the bot's side, by reason (the linking code keeps the reasons few). */
  recordRefreshFailure(reason: string): void;
  /**
   * A transaction of a group commit that committed in SQLite's writer: how long it took and how many writes
   * it held (the store tells them, src/store/create-db.ts).
   */
  recordGroupCommit(seconds: number, writes: number): void;
}

/** `readOutbox` runs at most once per scrape, and at most once every few seconds (see cacheOutboxSnapshot). */
export function createBotMetrics(
  readOutbox: () => Promise<OutboxSnapshot>,
  clock: Clock,
  writeFaults: DatabaseWriteFaults = noWriteFaults,
): BotMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const received = new Counter({
    name: "arena_webhook_events_total",
    help: "Verified webhook deliveries, by what became of them (accepted, duplicate, ignored, dead, stale, future).",
    labelNames: ["status"] as const,
    registers: [registry],
  });
  const enqueued = new Counter({
    name: "arena_outbox_enqueued_total",
    help: "Announcements queued for posting.",
    registers: [registry],
  });
  const rejected = new Counter({
    name: "arena_webhook_rejected_total",
    help: "Webhook deliveries refused with a 4xx, by reason; nothing was stored.",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const failed = new Counter({
    name: "arena_webhook_failed_total",
    help: "Webhook deliveries that failed on our side (5xx); the platform retries them.",
    registers: [registry],
  });
  const posts = new Counter({
    name: "arena_posts_total",
    help: "Outbox posts and edits sent to Discord, by result.",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const refreshFailures = new Counter({
    name: "arena_oauth_refresh_failures_total",
    help: "Token refreshes that failed on the bot's side (client credentials, token endpoint errors); links stay active.",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const remindersSent = new Counter({
    name: "arena_reminders_sent_total",
    help: "Tournament reminders queued for posting.",
    registers: [registry],
  });
  const remindersSkipped = new Counter({
    name: "arena_reminders_skipped_total",
    help: "Tournament reminders not sent, by reason: late (fell due while the bot was down, past the grace), started, gone (left the open list), off, removed.",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const interactions = new Histogram({
    name: "arena_interaction_duration_seconds",
    help: "Time to handle an interaction, from receipt to the handler's end.",
    labelNames: ["kind", "name", "outcome"] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const groupCommitSeconds = new Histogram({
    name: "arena_database_group_commit_seconds",
    help: "SQLite: time one group commit that committed took in the writer, from BEGIN to COMMIT's return (its fsync, and any wait for another process's lock, included).",
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5, 10],
    registers: [registry],
  });
  const groupCommitWrites = new Histogram({
    name: "arena_database_group_commit_writes",
    help: "SQLite: writes (stored webhooks, interactions seen, rows marked delivered…) one group commit committed together.",
    buckets: [1, 2, 4, 8, 16, 32, 64, 128],
    registers: [registry],
  });
  const snapshot = cacheOutboxSnapshot(readOutbox, clock);
  new Gauge({
    name: "arena_outbox_pending",
    help: "Announcements waiting to be posted.",
    registers: [registry],
    async collect() {
      this.set((await snapshot()).pending);
    },
  });
  new Gauge({
    name: "arena_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest announcement waiting to be posted.",
    registers: [registry],
    async collect() {
      this.set((await snapshot()).oldestPendingAgeSeconds);
    },
  });
  new Gauge({
    name: "arena_database_write_fault",
    help: "1 for the reason the database cannot write (disk full, read-only, locked, I/O error), else 0.",
    labelNames: ["fault"] as const,
    registers: [registry],
    collect() {
      const current = writeFaults.read()?.fault;
      for (const fault of writeFaults.kinds) this.set({ fault }, fault === current ? 1 : 0);
    },
  });
  new Gauge({
    name: "arena_database_write_fault_seconds",
    help: "How long the database has been unable to write; 0 while it can.",
    registers: [registry],
    collect() {
      const current = writeFaults.read();
      this.set(current === undefined ? 0 : Math.max(0, (clock.now() - current.since) / 1000));
    },
  });

  return {
    registry,
    webhooks: {
      received(status: IngestStatus, count: number) {
        received.inc({ status });
        if (count > 0) enqueued.inc(count);
      },
      rejected(reason: WebhookRejectionReason) {
        rejected.inc({ reason });
      },
      failed() {
        failed.inc();
      },
    },
    reminders: {
      sent(count) {
        remindersSent.inc(count);
      },
      skipped(reason, count) {
        remindersSkipped.inc({ reason }, count);
      },
    },
    recordInteraction(outcome) {
      interactions.observe(
        { kind: outcome.kind, name: outcome.name, outcome: outcome.outcome },
        outcome.durationMs / 1000,
      );
    },
    recordPost(result) {
      posts.inc({ result });
    },
    recordRefreshFailure(reason) {
      refreshFailures.inc({ reason });
    },
    recordGroupCommit(seconds, writes) {
      groupCommitSeconds.observe(seconds);
      groupCommitWrites.observe(writes);
    },
  };
}
