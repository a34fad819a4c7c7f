// The tables of tournaments shown as Discord scheduled events (docs/architecture.md, "Tournament events").
// Part of database.ts's schema, which re-exports them.
import type { Generated } from "kysely";
import type { Immutable, Millis } from "./column-types.js";

/**
 * A server that shows open tournaments as Discord scheduled events (docs/architecture.md, "Tournament
 * events").
 */
export interface TournamentEventSettingsTable {
  guild_id: Immutable<string>;
  /** The admin who ran `/setup events on`. */
  enabled_by: string;
  /**
   * The permission Discord said the bot lacks; set when the admins were told, cleared by `/setup events on`.
   */
  permission_problem: string | null;
  /**
   * When an instance may next read the open tournaments for the events alone, the server having no reminders
   * (whose read feeds both); the one that moves it on does.
   */
  next_poll_at: Millis;
  /** The last read of the events' own that succeeded. */
  last_polled_at: Millis | null;
  /**
   * Why `enabled_by`'s link reads nothing; set when the admins were told, cleared by a good read or `/setup
   * events on`.
   */
  link_problem: string | null;
  /** How many of the events' own reads were claimed: each claim counts one more and names its read so. */
  read_claims: Generated<number>;
  /**
   * The events' own read that last brought the rows in line, by its claim's count (read_claims); null before
   * the first. An earlier read committing after it writes nothing.
   */
  synced_read: number | null;
  created_at: Immutable<Millis>;
  updated_at: Millis;
}

/**
 * One tournament shown as an external scheduled event in one server: what the event should be (from the last
 * read of the open tournaments), what Discord last accepted, and when an instance should next sync it.
 * PRIMARY KEY (guild_id, tournament_id).
 */
export interface TournamentEventsTable {
  guild_id: Immutable<string>;
  tournament_id: Immutable<string>;
  /** Discord's id once created; null before, and after the event is forgotten. */
  discord_event_id: string | null;
  /** 1 once a create was sent: after a crash the event is looked for among the guild's before another. */
  create_attempted: Generated<number>;
  /** scheduled, active, completed, deleted (to delete), forgotten (deleted by someone else: left alone). */
  wanted_status: string;
  name: string;
  description: string;
  /** Where to register; also how the bot finds its event again (it names the tournament's id). */
  location: string;
  starts_at: Millis;
  ends_at: Millis;
  /** The status and fields (JSON) Discord last accepted; null before the event exists. */
  synced_status: string | null;
  synced_fields: string | null;
  /** When an instance should next sync it; null: nothing to do. */
  due_at: Millis | null;
  /** The instance syncing it, and until when (leases.ts). */
  lease_owner: string | null;
  lease_expires_at: Millis | null;
  /** Failed syncs in a row, for the backoff. */
  attempts: Generated<number>;
  /**
   * When a read of the whole list first missed its tournament, start still ahead; a later read that misses it
   * too deletes it, one that sees it clears this (tournament-event-row-sync.ts). Null: not missed.
   */
  missed_at: Millis | null;
  created_at: Immutable<Millis>;
  updated_at: Millis;
}
