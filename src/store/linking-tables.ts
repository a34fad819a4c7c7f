// The tables of members' links and the sign-ins that make them (docs/architecture.md, "Linking"). Part of
// database.ts's schema, which re-exports them.
import type { Generated } from "kysely";
import type { Immutable, Millis } from "./column-types.js";

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

/**
 * A member's personal link: their platform account tied to no server, one per Discord user, made by `/link` in
 * a DM or by the Linked Roles verification (docs/architecture.md, "Personal links"). Columns as member_links'.
 */
export interface PersonalLinksTable {
  id: Immutable<string>;
  user_id: Immutable<string>;
  platform_user_id: string;
  platform_username: string;
  credential_kind: "oauth" | "api_key";
  /** Sealed JSON {accessToken, refreshToken?, expiresAt?, scopes?}; associated data names the user. */
  credential: string;
  scopes: string | null;
  expires_at: Millis | null;
  status: Generated<"active" | "reauth_needed">;
  created_at: Immutable<Millis>;
  updated_at: Millis;
}

/** A pending OAuth authorization: single use, short-lived (docs/architecture.md, "Linking"). */
export interface OAuthStatesTable {
  /** SHA-256 (hex) of the state sent to the browser; the state itself is never stored. */
  state_hash: Immutable<string>;
  /** Null for a personal link's sign-in (`/link` in a DM, or the Linked Roles verification). */
  guild_id: Immutable<string | null>;
  user_id: Immutable<string>;
  /** Sealed PKCE code verifier (only re-sealing rewrites it, with the same value: sealed-column.ts). */
  code_verifier: Immutable<string>;
  /**
   * Sealed interaction token, so the callback can edit the original ephemeral reply (re-sealed likewise); null
   * for the sign-in the Linked Roles verification starts, which no interaction asked for.
   */
  interaction_token: Immutable<string | null>;
  /** Which flow started the sign-in: `/link`, or the Linked Roles verification (then writes the connection). */
  origin: Generated<"link" | "linked_roles">;
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
  /** When a callback visit began exchanging the code; null while none is (oauth-exchange-claims.ts). */
  exchange_claimed_at: Millis | null;
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
  /** JSON object {tournamentId?, difficulty?, minRatingChange?, linkedOnly?, battleUpdates?}. */
  filters: string;
  status: Generated<"active" | "paused" | "disabled">;
  /** Why it is paused or disabled (e.g. the Discord error), shown in /setup status. */
  status_reason: string | null;
  /** Discord id of the admin who created it. */
  created_by: Immutable<string>;
  created_at: Immutable<Millis>;
  updated_at: Millis;
}

/** A pending Discord authorization of the Linked Roles verification URL (docs/architecture.md, "Linked Roles"). */
export interface LinkedRoleStatesTable {
  /** SHA-256 (hex) of the state sent to Discord; the state itself is never stored. */
  state_hash: Immutable<string>;
  /** SHA-256 (hex) of the cookie of the browser that opened the verification URL. */
  browser_hash: Immutable<string>;
  /** Sealed PKCE code verifier (only re-sealing rewrites it, with the same value). */
  code_verifier: Immutable<string>;
  expires_at: Immutable<Millis>;
  created_at: Immutable<Millis>;
}

/** A Discord user's Linked Roles connection: one per Discord user, in no server (docs/architecture.md). */
export interface RoleConnectionsTable {
  user_id: Immutable<string>;
  /** Sealed JSON {accessToken, refreshToken?, expiresAt?, scopes?} of the user's Discord token. */
  credential: string;
  /** When the Discord access token expires; null when Discord gave no lifetime. */
  expires_at: Millis | null;
  /** `reverify_needed` once Discord refused the token (revoked): the member opens the verification URL again. */
  status: Generated<"active" | "reverify_needed">;
  /** The platform account the connection shows; null until the platform step learned it. */
  platform_user_id: string | null;
  platform_username: string | null;
  created_at: Immutable<Millis>;
  updated_at: Millis;
}

/**
 * A Discord user whose role connection needs writing again (docs/architecture.md, "Linked Roles"): one row per
 * user however many changes queued it, claimed under a lease; deleted once the version claimed is written.
 */
export interface RoleConnectionWritesTable {
  user_id: Immutable<string>;
  /** Bumped by every change queued: a worker finishing an older version leaves the row for the newer one. */
  version: Generated<number>;
  /** What queued the latest version: an event kind, `unlink` or `guild-purge`. */
  cause: string;
  /** When the oldest change not yet written was queued: the write's latency is measured from it. */
  queued_at: Millis;
  next_attempt_at: Millis;
  /** Failed attempts of this row (429, 5xx, network), for the backoff. */
  attempts: Generated<number>;
  last_error: string | null;
  lease_owner: string | null;
  lease_expires_at: Millis | null;
  created_at: Immutable<Millis>;
  updated_at: Millis;
}

/** OAuth tokens the bot no longer uses, waiting to be revoked at their issuer (token-revocations.ts). */
export interface TokenRevocationsTable {
  id: Immutable<string>;
  /** `platform` or `discord`: whose revocation endpoint takes it. */
  issuer: Immutable<string>;
  /** The token and its type hint, sealed with associated data naming the row. */
  token: string;
  /**
   * Whose it was, for the log only; null for a sign-in's tokens that named nobody yet, and once the purge of the
   * server forgot whose it was (purge-guild-data.ts).
   */
  guild_id: string | null;
  user_id: string | null;
  /**
   * What dropped it: `unlinked`, `relinked`, `late_refresh`, `sign_in`, `missing_scope`,
   * `abandoned_verification`, `verification_failed`, `server_purged`.
   */
  cause: Immutable<string>;
  next_attempt_at: Millis;
  /** Failed attempts (5xx, 429, 401, 403, a refused client, network), for the backoff. */
  attempts: Generated<number>;
  last_error: string | null;
  lease_owner: string | null;
  lease_expires_at: Millis | null;
  created_at: Immutable<Millis>;
}

/**
 * A link whose OAuth token an instance is refreshing now (link-refresh-leases.ts): one refresh at a time per
 * link across instances, until it ends or its lease does. Gone once the refresh ends.
 */
export interface LinkRefreshLeasesTable {
  /** `<guild id>:<user id>`, or `personal:<user id>` for a personal link. */
  link_key: Immutable<string>;
  /** Which refresh holds it: a random id of its own. */
  lease_owner: string;
  lease_expires_at: Millis;
}
