import type { REST } from "@discordjs/rest";
import type { Config } from "../config.js";
import type { MemberPresence } from "../discord/guild-member-presence.js";
import type { LinkingDeps } from "../linking/linking-deps.js";

/**
 * What command handlers need, built once at start by the composition root (src/bot/) and passed down.
 * Functions take the narrowest slice that serves them (e.g. `LinkingDeps`).
 */
export interface BotDependencies extends LinkingDeps {
  readonly config: Config;
  /** Discord REST, shared with the gateway client so rate limits are tracked in one place. */
  readonly rest: REST;
  /**
   * The same, but sending each request once (no retry after a 5xx, a time-out or a reset): for creates
   * Discord gives no nonce (a role, a scheduled event), whose callers find what an unanswered one
   * made.
   */
  readonly restForCreates: REST;
  readonly applicationId: string;
  /**
   * Whether a member is still in a server, asked through `rest` and kept a minute, shared by everything that
   * names members (the weekly digest, /leaderboard server).
   */
  readonly memberPresence: MemberPresence;
  /** Outbox rows were queued (a join's card edits): the outbox worker starts on them at once. */
  readonly wakeOutbox?: (() => void) | undefined;
  /** Tournament events were turned on or off: the event worker syncs or deletes them at once. */
  readonly wakeTournamentEvents?: (() => void) | undefined;
}
