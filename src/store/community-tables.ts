// The read models and tables of the community features: players, tiers and tier roles, reminders, activity
// (docs/architecture.md, "Tier roles", "Tournament reminders"). Part of
// database.ts's schema, which re-exports them.
import type { Generated } from "kysely";
import type { ColumnType } from "kysely";
import type { Immutable, Millis } from "./column-types.js";

/** Read model of platform users for /leaderboard server, refreshed from events and API answers. */
export interface PlatformUsersTable {
  platform_user_id: Immutable<string>;
  username: string;
  rating: number | null;
  tier: string | null;
  updated_at: Millis;
}

/**
 * A platform tier the bot has seen, with the ratings it was seen at so tiers can be ordered
 * (docs/architecture.md, "Tier roles"): the platform's API reference names only examples.
 */
export interface TiersTable {
  /** Lower case and trimmed, e.g. "grandmaster". */
  tier: Immutable<string>;
  lowest_rating: number | null;
  highest_rating: number | null;
  first_seen_at: Immutable<Millis>;
  updated_at: Millis;
}

/** A server's tier role sync (docs/architecture.md, "Tier roles"). */
export interface GuildRoleSettingsTable {
  guild_id: Immutable<string>;
  /** create: the bot makes a role for every tier, new ones too; map: admins map tiers; off: no sync. */
  mode: "create" | "map" | "off";
  /** While off: the mode `/setup roles off` turned off, which `/setup roles sync` turns on again. */
  resume_mode: "create" | "map" | null;
  /** Why sync is paused (Discord refused a change the admins must fix); null while it runs. */
  paused_reason: string | null;
  last_sync_at: Millis | null;
  last_problem: string | null;
  last_problem_at: Millis | null;
  /** 1 while a tier lacks its role in create mode: the worker makes it, under the lease below. */
  tiers_pending: Generated<number>;
  /** Attempts at making those roles that Discord failed in a row (a 5xx, a time-out); 0 after one that worked. */
  tiers_attempts: Generated<number>;
  /** The work is not claimed before this: the outbox's backoff after a failed attempt. */
  tiers_next_attempt_at: Generated<Millis>;
  /**
   * 1 when a pass made a tier role it could not put in rating order: the next pass orders the roles whatever it
   * makes, where a pass otherwise orders them only when it made one.
   */
  tiers_order_owed: Generated<number>;
  lease_owner: string | null;
  lease_expires_at: Millis | null;
  created_at: Immutable<Millis>;
  updated_at: Millis;
}

/** Which role stands for a tier in a server; UNIQUE(guild_id, role_id). */
export interface TierRolesTable {
  guild_id: Immutable<string>;
  tier: Immutable<string>;
  role_id: string;
  /** 1 when /setup roles create (or create mode) made the role. */
  created_by_bot: Generated<number>;
  created_at: Immutable<Millis>;
}

/**
 * A linked member's tier role: the rating and tier it follows, and the queue state of making Discord agree
 * (docs/architecture.md, "Tier roles"). A row is a desired state, not a change: the worker reads the member
 * and adds or removes only the difference, so doing a row twice changes nothing twice.
 */
export interface MemberTierRolesTable {
  guild_id: Immutable<string>;
  user_id: Immutable<string>;
  /** Null once the member unlinked: the worker removes their tier roles, then the row goes. */
  platform_user_id: string | null;
  rating: number | null;
  tier: string | null;
  /** The platform's `created` of the event that set rating and tier (or when the bot read them); newest wins. */
  rated_at: Millis | null;
  /** 1 when the rating came without a tier: the worker reads it with the member's own credential. */
  tier_lookup: Generated<number>;
  /** What queued the last change, for the audit-log reason. */
  cause: "link" | "rating" | "unlink" | "sync" | "mapping";
  /** 1 while Discord may not agree with this row. */
  pending: number;
  /** Bumped by every change, so a worker finishing an older version leaves the row pending. */
  version: Generated<number>;
  attempts: Generated<number>;
  next_attempt_at: Millis;
  lease_owner: string | null;
  lease_expires_at: Millis | null;
  last_error: string | null;
  synced_at: Millis | null;
  /**
   * The tier whose role the last sync made right; null after anything but a rating change (a link, a sync, a
   * mapping), so a rating change within the same tier needs no Discord request, and anything else reads the
   * member again.
   */
  synced_tier: string | null;
  /**
   * Roles that stood for a tier before `/setup roles map` gave it another, comma-separated, on the rows of
   * members who may hold them: the next sync takes them from the member unless they stand for a tier again (or
   * are the reminder role), and is done with them either way; null when none.
   */
  drop_role_ids: string | null;
  /** What the last sync changed, for /setup roles sync's answer. */
  roles_added: Generated<number>;
  roles_removed: Generated<number>;
  updated_at: Millis;
}

/** A server's tournament reminders (docs/architecture.md, "Tournament reminders"); none while they are off. */
export interface ReminderSettingsTable {
  guild_id: Immutable<string>;
  /** Where reminders are posted. */
  channel_id: string;
  /** JSON array of whole minutes before a start, 1 to 3 of them, largest first. */
  lead_minutes: string;
  /** The role `/remind on` gives and each reminder pings; null: reminders ping nobody. */
  role_id: string | null;
  /** Discord id of the admin whose linked credential reads the open tournaments. */
  configured_by: string;
  /** When an instance may next read the open tournaments; the one that moves it on does. */
  next_poll_at: Millis;
  /** The last read that succeeded. */
  last_polled_at: Millis | null;
  /** How many reads of the server were claimed: each claim counts one more and names its read so. */
  read_claims: Generated<number>;
  /**
   * The read whose reminders were last written, by its claim's count (read_claims); null before the first.
   * An earlier read committing after it writes nothing.
   */
  synced_read: number | null;
  /** Why that admin's link no longer reads tournaments; set when the admins were told, cleared by a good read. */
  link_problem: string | null;
  /** Why Discord refused to give or take the role (/remind); set when the admins were told, cleared when it works. */
  role_problem: string | null;
  /** Why a reminder could not be posted in the channel (403); set when the admins were told, cleared when saved. */
  channel_problem: string | null;
  created_at: Immutable<Millis>;
  updated_at: Millis;
}

/**
 * One reminder: a lead time before one start time of one tournament, in one server. Scheduled until due, then
 * sent (its post queued in the outbox in the same commit) or skipped; cancelled when the start moved or the
 * settings changed. UNIQUE(guild_id, tournament_id, lead_minutes, starts_at).
 */
export interface TournamentRemindersTable {
  /** App-generated; the outbox row of its post names it as its event. */
  id: Immutable<string>;
  guild_id: Immutable<string>;
  tournament_id: Immutable<string>;
  lead_minutes: Immutable<number>;
  starts_at: Immutable<Millis>;
  /** starts_at less the lead time. */
  due_at: Immutable<Millis>;
  status: Generated<"scheduled" | "sent" | "skipped" | "cancelled">;
  /**
   * Why it was skipped or cancelled: late, started, gone, moved, settings. On a sent row, `moved` means its start
   * moved after its post was queued: a post not yet made is dropped (src/announcements/reminder-post.ts).
   */
  status_reason: string | null;
  /** 1 once a `system.tournament_started` event said so: a post not yet made is then dropped. */
  tournament_started: Generated<number>;
  /** What the post shows, as the last read of the open tournaments had it (platform text, shown inertly). */
  title: string;
  format: string | null;
  prize: string | null;
  participants: number | null;
  max_participants: number | null;
  /** When it was queued for posting. */
  sent_at: Millis | null;
  /**
   * When a complete read of the open tournaments first missed its tournament, while it is still scheduled:
   * only a later read that misses it too skips it (`gone`); a read that shows it clears this.
   */
  missed_at: Millis | null;
  created_at: Immutable<Millis>;
  updated_at: Millis;
}

/**
 * One event about one linked member in one server: a rating change, a battle result or an achievement
 * (docs/architecture.md, "The weekly digest"). Recorded as the event is ingested, for the members linked in
 * the server then; PRIMARY KEY (guild_id, event_id, platform_user_id), so an event counts once however often
 * or by whichever route it arrives. Kept a year.
 */
export interface MemberActivityTable {
  guild_id: Immutable<string>;
  event_id: Immutable<string>;
  platform_user_id: Immutable<string>;
  kind: Immutable<"rating" | "battle" | "achievement">;
  /** The event's `created` (the platform's clock): which period the row falls in. */
  occurred_at: Immutable<Millis>;
  /** When the bot recorded it (its own clock): what the prune goes by. */
  recorded_at: Immutable<Millis>;
  /** Rating rows: new − old, rounded; null when the event said neither. */
  rating_change: Immutable<number | null>;
  new_rating: Immutable<number | null>;
  /** Rating rows: the tier the member moved up to, when the change was a promotion. */
  promoted_to: Immutable<string | null>;
  /** Rating rows: the tier the change left the member in, when the event named it (null on older rows). */
  tier_after: ColumnType<string | null, string | null | undefined, never>;
  /** Rating rows: the tier the member was in before the change, when the event named it (null on older rows). */
  tier_before: ColumnType<string | null, string | null | undefined, never>;
  /** Battle rows: the battle, so a team battle's two events count as one battle. */
  battle_id: Immutable<string | null>;
  /** Battle rows: null when the event names no winner and no ranks. */
  outcome: Immutable<"won" | "lost" | "draw" | null>;
  /** Achievement rows: its name as the platform wrote it (shown only through src/display/platform-text.ts). */
  achievement: Immutable<string | null>;
  /** The refresh whose weekly digest counted the row in this server, once that digest was first read. */
  week_event_id: ColumnType<string | null, never, string>;
}

/**
 * A reminder role the bot gave a member through `/remind on` (docs/architecture.md, "Tournament reminders"),
 * so that `/remind off` can give it back after the settings name another role or none, and never takes a role
 * the member had from anyone else. PRIMARY KEY (guild_id, user_id, role_id); gone once the role is given
 * back.
 */
export interface ReminderRoleGrantsTable {
  guild_id: Immutable<string>;
  user_id: Immutable<string>;
  role_id: Immutable<string>;
  granted_at: Millis;
}

/**
 * A weekly leaderboard refresh as a server heard it (docs/architecture.md, "The weekly digest"): the bounds
 * of its digest's week. PRIMARY KEY (guild_id, event_id). Kept a year, as the activity it bounds.
 */
export interface LeaderboardRefreshesTable {
  /** The server whose own endpoint sent it, or `*` for the operator's webhook, which reaches every server. */
  guild_id: Immutable<string>;
  event_id: Immutable<string>;
  /** The event's `created` (the platform's clock): where its week ends. */
  created_at: Immutable<Millis>;
  /** When the bot stored it (its own clock): activity stored later counts in the next week. */
  stored_at: Immutable<Millis>;
}

/**
 * A weekly digest first read in a server (docs/architecture.md, "The weekly digest"): its rows are claimed
 * (`member_activity.week_event_id`), and later readings read those. PRIMARY KEY (guild_id, event_id).
 */
export interface DigestWeeksTable {
  guild_id: Immutable<string>;
  event_id: Immutable<string>;
  /** The week as first read: after `week_from`, up to and including `week_to` (`occurred_at`). */
  week_from: Immutable<Millis>;
  week_to: Immutable<Millis>;
  /** The earliest `occurred_at` its claim reached: late rows of the week before are older than `week_from`. */
  claimed_after: Immutable<Millis>;
  claimed_at: Immutable<Millis>;
}
