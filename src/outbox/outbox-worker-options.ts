import type { REST } from "@discordjs/rest";
import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import type { Database } from "../store/database.js";
import type { OutboxResult } from "./outbox-result.js";
import type { OutboxSources } from "./outbox-source.js";
import type { RetentionPolicy } from "./prune-delivered.js";
import type { RetryPolicy } from "./retry-policy.js";

export interface OutboxWorkerOptions {
  readonly db: Kysely<Database>;
  /**
   * The bot's shared REST, so Discord's rate limits are tracked in one place (docs/architecture.md, "Posting").
   */
  readonly rest: REST;
  /** Each kind of row's renderer, and what it does once posted or when it fails (outbox-source.ts). */
  readonly sources: OutboxSources;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Unique per worker (e.g. host:pid:random): rows are leased under this name (docs/architecture.md, "Growing past one machine"). */
  readonly owner: string;
  /**
   * How long a claimed row is this worker's; after that another worker may take it. Keep it under Discord's
   * nonce window (a few minutes) so a row resent after a crash is still deduplicated. Default 60 s.
   */
  readonly leaseMs?: number;
  /** Rows claimed and not yet finished, at most. Default 100. */
  readonly batchSize?: number;
  /**
   * Rows being rendered and sent at once, at most; one per channel. Default 32: behind the shared proxy each
   * post waits its turn in the proxy's queue, so what one instance has in flight bounds its rate (with 16, a
   * lone instance reached 0.89 of the global limit; docs/architecture.md, "Growing past one machine").
   */
  readonly concurrency?: number;
  /**
   * Rows of one channel waiting in this worker, at most; more are handed back in their place, and the
   * channel's rows are not claimed again until it has room. Default 50: five messages of ten rows, what
   * Discord lets one channel post in one 5-second window.
   */
  readonly maxQueuedPerChannel?: number;
  /** The safety net behind notify(): how often start() looks for due rows. Default 5 s. */
  readonly pollIntervalMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  readonly retention?: Partial<RetentionPolicy>;
  /** [0, 1) for the backoff's jitter. Default Math.random. */
  readonly random?: () => number;
  /** Called with every row's outcome, e.g. to count them in metrics. Must not throw. */
  readonly onResult?: (result: OutboxResult) => void;
}

export const outboxWorkerDefaults = {
  leaseMs: 60_000,
  batchSize: 100,
  concurrency: 32,
  maxQueuedPerChannel: 50,
  pollIntervalMs: 5000,
} as const;

export type OutboxWorkerSettings = { readonly [Key in keyof typeof outboxWorkerDefaults]: number };

/** The options' numbers with defaults filled in; throws on one that cannot work. */
export function readWorkerSettings(options: OutboxWorkerOptions): OutboxWorkerSettings {
  const settings: OutboxWorkerSettings = {
    leaseMs: options.leaseMs ?? outboxWorkerDefaults.leaseMs,
    batchSize: options.batchSize ?? outboxWorkerDefaults.batchSize,
    concurrency: options.concurrency ?? outboxWorkerDefaults.concurrency,
    maxQueuedPerChannel: options.maxQueuedPerChannel ?? outboxWorkerDefaults.maxQueuedPerChannel,
    pollIntervalMs: options.pollIntervalMs ?? outboxWorkerDefaults.pollIntervalMs,
  };
  for (const name of [
    "leaseMs",
    "batchSize",
    "concurrency",
    "maxQueuedPerChannel",
    "pollIntervalMs",
  ] as const) {
    if (!(settings[name] > 0)) throw new RangeError(`outbox worker: ${name} must be positive`);
  }
  return settings;
}
