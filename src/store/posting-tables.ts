// The tables of what goes out: the outbox, battle cards and what the platform answered about their battles
// (docs/architecture.md, "Posting"). Part of
// database.ts's schema, which re-exports them.
import type { Generated } from "kysely";
import type { Immutable, Millis } from "./column-types.js";

/** One Discord post or edit to make (docs/architecture.md, "Posting"). */
export interface OutboxTable {
  /** App-generated, at most 25 characters: it doubles as the message nonce Discord dedupes on. */
  id: Immutable<string>;
  /** With event_id, the inbox row it was routed from (the unique key stays event, channel, action). */
  source: Immutable<string>;
  event_id: Immutable<string>;
  guild_id: Immutable<string>;
  channel_id: Immutable<string>;
  /**
   * The subscription that routed it; null for a battle card edit. A post in a card's thread names the route
   * that would have posted it in the channel, where it goes should the thread be forgotten.
   */
  subscription_id: Immutable<string | null>;
  /**
   * A post or an edit in the channel; a message's thread started, posted in or archived
   * (src/store/message-threads.ts), whose rows stay in the message's channel so they keep its order.
   */
  action: Immutable<"post" | "edit" | "start-thread" | "thread-post" | "archive-thread">;
  /** The message an edit targets, or the card a thread starts from, or the thread a thread row is for. */
  target_message_id: Immutable<string | null>;
  status: Generated<"pending" | "delivered" | "dead">;
  /** Failed attempts so far; a 429 wait is not counted. */
  attempts: Generated<number>;
  next_attempt_at: Millis;
  /** The worker holding the row, until lease_expires_at; an expired lease may be taken over. */
  lease_owner: string | null;
  lease_expires_at: Millis | null;
  last_error: string | null;
  /** The message Discord created (or edited). */
  posted_message_id: string | null;
  created_at: Immutable<Millis>;
  delivered_at: Millis | null;
  /**
   * The rows one message carries, set before it is sent, so a resend after a crash carries the same rows; it
   * is also the message's nonce. Null for a row sent alone with its own id as the nonce.
   */
  group_id: string | null;
  /**
   * When the row first went to Discord alone, under its own id as the nonce, written before the send: from
   * then on it is only ever sent alone, so a resend under that nonce returns the message Discord made.
   */
  sent_alone_at: Millis | null;
  /** The contest ("battle:<id>", "tournament:<id>") a rating change belongs to, for one summary per channel. */
  summary_key: Immutable<string | null>;
}

/** The public card /battle create posted, edited live as events arrive (docs/architecture.md, "Rendering"). */
export interface BattleCardsTable {
  battle_id: Immutable<string>;
  guild_id: Immutable<string>;
  channel_id: string;
  message_id: string;
  /** Discord id of the member who created the battle. */
  created_by: string;
  created_at: Immutable<Millis>;
  updated_at: Millis;
  /** When the battle's result was stored, for a card in its reach; null while the battle may still run. */
  ended_at: Millis | null;
}

/**
 * The public thread a message starts, one per subject (a battle, a tournament) and channel
 * (src/store/message-threads.ts): the message it starts from, and the thread's id once Discord made it (the
 * message's id); null before, or when it was refused or forgotten.
 */
export interface MessageThreadsTable {
  guild_id: Immutable<string>;
  channel_id: Immutable<string>;
  subject_kind: Immutable<"battle" | "tournament">;
  subject_id: Immutable<string>;
  message_id: string;
  thread_id: string | null;
  queued_at: Millis;
}

/**
 * A channel where Discord refused threads (battle cards' and tournaments' alike): none is started there until an
 * admin resumes it. The table keeps the name it had when only battle cards started threads.
 */
export interface BattleThreadPausesTable {
  guild_id: Immutable<string>;
  channel_id: Immutable<string>;
  /** The permission Discord wants, as its name reads in Discord ("Create Public Threads"). */
  permission: string;
  /** Discord's error, e.g. "403 Missing Permissions (50013)". */
  reason: string;
  paused_at: Millis;
}

/** A team a member created with /team create in a guild: the platform lists no member's teams. */
export interface MemberTeamsTable {
  guild_id: Immutable<string>;
  /** Discord id of the member who created it. */
  user_id: Immutable<string>;
  team_id: Immutable<string>;
  team_name: string;
  /** 1 public, 0 private, null unknown (recorded before visibility was, or not in the platform's answer). */
  is_public: number | null;
  recorded_at: Millis;
}

/** The platform's answers to the bot's own create and join calls, folded into the battle card. */
export interface BattleAnswersTable {
  id: Immutable<string>;
  battle_id: Immutable<string>;
  /** JSON of a `BattleAnswer` (src/store/battle-answers.ts) without its battle id. */
  answer: Immutable<string>;
  received_at: Immutable<Millis>;
}
