import type { REST } from "@discordjs/rest";
import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import type { Database } from "../store/database.js";
import type { RecordDelivered } from "./delivery-recorder.js";
import type { OutboxSources } from "./outbox-source.js";
import type { RetryPolicy } from "./retry-policy.js";

/** What handling one outbox row needs, built once by createOutboxWorker. */
export interface OutboxDeps {
  readonly db: Kysely<Database>;
  readonly rest: REST;
  /** What each kind of row brings: its renderer, and what it does once posted or when it fails. */
  readonly sources: OutboxSources;
  readonly clock: Clock;
  readonly logger: Logger;
  /** This worker's lease owner name. */
  readonly owner: string;
  /** How long a claimed (or newly grouped) row is this worker's. */
  readonly leaseMs: number;
  readonly retry: RetryPolicy;
  /** Marks a row delivered (grouping commits on SQLite). */
  readonly recordDelivered: RecordDelivered;
  /** [0, 1), for the backoff's jitter; Math.random unless a test fixes it. */
  readonly random: () => number;
}
