// The one description of the schema the migrations build (docs/conventions.md, "Database code"). Timestamps
// are milliseconds since the epoch everywhere: INTEGER in SQLite, bigint in PostgreSQL read back as a number
// (create-db.ts). Ids are app-generated (ids.ts), so no column depends on a dialect's auto-increment.
import type { ColumnType, Generated } from "kysely";

/** Milliseconds since the Unix epoch. */
type Millis = number;
/** Set on insert, never updated. */
type Immutable<T> = ColumnType<T, T, never>;

export interface Database {
  member_links: MemberLinksTable;
  oauth_states: OAuthStatesTable;
  guild_settings: GuildSettingsTable;
  subscriptions: SubscriptionsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_retired_secrets: WebhookRetiredSecretsTable;
  operator_webhook_secrets: OperatorWebhookSecretsTable;
  inbox_events: InboxEventsTable;
  outbox: OutboxTable;
  battle_cards: BattleCardsTable;
  battle_answers: BattleAnswersTable;
  member_teams: MemberTeamsTable;
  platform_users: PlatformUsersTable;
  seen_interactions: SeenInteractionsTable;
  guild_removals: GuildRemovalsTable;
  tiers: TiersTable;
  guild_role_settings: GuildRoleSettingsTable;
  tier_roles: TierRolesTable;
  member_tier_roles: MemberTierRolesTable;
  reminder_settings: ReminderSettingsTable;
  tournament_reminders: TournamentRemindersTable;
  member_activity: MemberActivityTable;
  write_probe: WriteProbeTable;
}

/** A Discord member's platform account in one guild (docs/architecture.md, "Linking"); UNIQUE(guild_id, user_id). */
export interface MemberLinksTable {
  id: Immutable<string>;
  guild_id: Immutable<string>;
  user_id: Immutable<string>;
  platform_user_id: string;
  platform_username: string;
  credential_kind: "oauth" | "api_key";
  /** Sealed JSON {accessToken, refreshToken?, expiresAt?, scopes?}; associated data names guild and user. */
  credential: string;
  /** Space-separated granted scopes, kept in clear for /whoami (not secret). */
  scopes: string | null;
  /** When the access token expires; null for API keys and tokens without expiry. */
  expires_at: Millis | null;
  status: Generated<"active" | "reauth_needed">;
  created_at: Immutable<Millis>;
  updated_at: Millis;
}

/** A pending OAuth authorization: single use, short-lived (docs/architecture.md, "Linking"). */
export interface OAuthStatesTable {
  /** SHA-256 (hex) of the state sent to the browser; the state itself is never stored. */
  state_hash: Immutable<string>;
  guild_id: Immutable<string>;
  user_id: Immutable<string>;
  /** Sealed PKCE code verifier (only re-sealing rewrites it, with the same value: sealed-column.ts). */
  code_verifier: Immutable<string>;
  /** Sealed interaction token, so the callback can edit the original ephemeral reply (re-sealed likewise). */
  interaction_token: Immutable<string>;
  /** The member's name in the server, shown on the confirm page; null in rows older than the column. */
  member_name: Immutable<string | null>;
  member_username: Immutable<string | null>;
  /** The server's name, shown on the confirm page; null when Discord could not be asked for it. */
  guild_name: Immutable<string | null>;
  /** SHA-256 (hex) of the id in the sign-in link `/link` gives; null in rows older than the column. */
  start_hash: Immutable<string | null>;
  /** Sealed authorize URL the start redirects to (it carries the state); null in rows older than the column. */
  authorize_url: Immutable<string | null>;
  /** SHA-256 (hex) of the cookie of the browser that opened the sign-in link; null until one did. */
  browser_hash: string | null;
  /** Sealed JSON of the tokens the callback got for the code; null until it exchanged it. */
  pending_credential: string | null;
  /** The platform account those tokens belong to, shown on the confirm page; null until then. */
  platform_username: string | null;
  expires_at: Immutable<Millis>;
  created_at: Immutable<Millis>;
}

export interface GuildSettingsTable {
  guild_id: Immutable<string>;
  /** Where the bot tells admins about paused subscriptions and similar (docs/architecture.md, "Posting"). */
  admin_channel_id: string | null;
  created_at: Immutable<Millis>;
  updated_at: Millis;
}

/** A route of event kinds into a channel (docs/architecture.md, "Routing"). */
export interface SubscriptionsTable {
  id: Immutable<string>;
  guild_id: Immutable<string>;
  channel_id: Immutable<string>;
  /** JSON array of canonical event kinds. */
  event_kinds: string;
  /** JSON object {tournamentId?, difficulty?, minRatingChange?, linkedOnly?}. */
  filters: string;
  status: Generated<"active" | "paused" | "disabled">;
  /** Why it is paused or disabled (e.g. the Discord error), shown in /setup status. */
  status_reason: string | null;
  /** Discord id of the admin who created it. */
  created_by: Immutable<string>;
  created_at: Immutable<Millis>;
  updated_at: Millis;
}

/** A platform webhook registered by a server admin, received at /webhooks/platform/<id> (docs/architecture.md, "Webhooks in"). */
export interface WebhookEndpointsTable {
  /** Random url-safe id used in the URL. */
  id: Immutable<string>;
  guild_id: Immutable<string>;
  /** The platform's id for the registration, once registered. */
  platform_webhook_id: string | null;
  /** Sealed signing secret. */
  secret: string;
  /** JSON array of the event kinds registered with the platform. */
  event_kinds: string;
  created_at: Immutable<Millis>;
  updated_at: Millis;
}

/**
 * A secret a rotation replaced, still accepted for a while after retired_at so the platform's retries verify
 * (docs/architecture.md, "Webhooks in" step 1); deleted with its endpoint.
 */
export interface WebhookRetiredSecretsTable {
  id: Immutable<string>;
  endpoint_id: Immutable<string>;
  /**
   * Sealed with the associated data `webhook_endpoints:<endpoint_id>:previous_secret`; only re-sealing
   * rewrites it, with the same value (sealed-column.ts).
   */
  secret: Immutable<string>;
  retired_at: Immutable<Millis>;
}

/**
 * A PLATFORM_WEBHOOK_SECRET the bot ran with (docs/architecture.md, "Webhooks in" step 1): the current one has
 * no retired_at; one a restart with another secret replaced is accepted for an hour after retired_at.
 */
export interface OperatorWebhookSecretsTable {
  id: Immutable<string>;
  /**
   * Sealed with the associated data `operator_webhook_secrets:<id>:secret`; only re-sealing rewrites it, with
   * the same value (sealed-column.ts).
   */
  secret: Immutable<string>;
  retired_at: Millis | null;
  created_at: Immutable<Millis>;
}

/**
 * An interaction id POST /interactions has taken, kept while a replay of its signed request could still be
 * fresh (docs/architecture.md, "Commands" step 1); the primary key lets one instance alone take it.
 */
export interface SeenInteractionsTable {
  id: Immutable<string>;
  seen_at: Immutable<Millis>;
}

/** Empty between probes: the write the store makes to learn it can write again (write-probe.ts). */
export interface WriteProbeTable {
  probed_at: Millis;
  filler: string;
}

/**
 * A server the bot was removed from (a GUILD_DELETE without `unavailable`), until it is added back or its data
 * is purged (docs/architecture.md, "When the bot leaves a server").
 */
export interface GuildRemovalsTable {
  guild_id: Immutable<string>;
  /** The first removal seen; a repeated GUILD_DELETE does not move it, so the grace period is not extended. */
  removed_at: Immutable<Millis>;
}

/**
 * Every verified delivery, keyed by (source, event_id) for deduplication
 * (docs/architecture.md, "Webhooks in"): by source too, so an event id signed first by a guild's endpoint
 * cannot shadow the operator's copy.
 */
export interface InboxEventsTable {
  /** "operator" for the operator webhook, else the webhook endpoint id. */
  source: Immutable<string>;
  event_id: Immutable<string>;
  /** The kind as received (unknown kinds are stored and ignored). */
  kind: Immutable<string>;
  status: "accepted" | "ignored" | "dead";
  /** The normalised event as JSON. */
  payload: Immutable<string>;
  /** Why it was dead-lettered. */
  error: string | null;
  received_at: Immutable<Millis>;
}

/** One Discord post or edit to make (docs/architecture.md, "Posting"). */
export interface OutboxTable {
  /** App-generated, at most 25 characters: it doubles as the message nonce Discord dedupes on. */
  id: Immutable<string>;
  /** With event_id, the inbox row it was routed from (the unique key stays event, channel, action). */
  source: Immutable<string>;
  event_id: Immutable<string>;
  guild_id: Immutable<string>;
  channel_id: Immutable<string>;
  /** The subscription that routed it; null for a battle card edit. */
  subscription_id: Immutable<string | null>;
  action: Immutable<"post" | "edit">;
  /** The message an edit targets. */
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
}

/** A team a member created with /team create in a guild: the platform lists no member's teams. */
export interface MemberTeamsTable {
  guild_id: Immutable<string>;
  /** Discord id of the member who created it. */
  user_id: Immutable<string>;
  team_id: Immutable<string>;
  team_name: string;
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
  /** Why sync is paused (Discord refused a change the admins must fix); null while it runs. */
  paused_reason: string | null;
  last_sync_at: Millis | null;
  last_problem: string | null;
  last_problem_at: Millis | null;
  /** 1 while a tier lacks its role in create mode: the worker makes it, under the lease below. */
  tiers_pending: Generated<number>;
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
  /** Why it was skipped or cancelled: late, started, gone, moved, settings. */
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
  /** Battle rows: the battle, so a team battle's two events count as one battle. */
  battle_id: Immutable<string | null>;
  /** Battle rows: null when the event names no winner and no ranks. */
  outcome: Immutable<"won" | "lost" | "draw" | null>;
  /** Achievement rows: its name as the platform wrote it (shown only through src/display/platform-text.ts). */
  achievement: Immutable<string | null>;
}
