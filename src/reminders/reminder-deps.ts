import type { REST } from "@discordjs/rest";
import type { Config } from "../config.js";
import type { LinkingDeps } from "../linking/linking-deps.js";

/** Counts what became of reminders, for Prometheus (src/metrics/bot-metrics.ts). */
export interface ReminderMetrics {
  sent(count: number): void;
  /** Reminders not sent: late (fell due while the bot was down), started, gone (left the open list), off, removed. */
  skipped(reason: string, count: number): void;
}

/** What tournament reminders need from the bot (docs/conventions.md, habit 6). */
export interface ReminderDeps extends LinkingDeps {
  readonly config: LinkingDeps["config"] & Pick<Config, "reminders">;
  /** The bot's shared REST, for notices to the admins. */
  readonly rest: REST;
  readonly metrics: ReminderMetrics;
}
