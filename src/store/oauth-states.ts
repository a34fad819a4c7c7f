// Pending OAuth authorizations (docs/architecture.md, "Linking"): bound to guild + user and to the browser that
// opened the sign-in link, single use, short-lived. Only hashes of the state, the start id and the browser's
// cookie are stored, so reading the database does not let anyone complete someone else's link.
import type { Kysely, Selectable } from "kysely";
import type { SecretBox } from "../secrets/secret-box.js";
import type { Database, OAuthStatesTable } from "./database.js";
import { hashOAuthSecret, oauthStateAssociatedData as associatedData } from "./oauth-state-sealing.js";

/** Who asked to link, as the confirm page names them; undefined where Discord could not tell. */
export interface OAuthStateNames {
  /** The member's name in the server: nickname, else display name, else username. */
  readonly memberName: string | undefined;
  readonly memberUsername: string | undefined;
  readonly guildName: string | undefined;
}

export interface OAuthStateInput {
  /** The random state sent to the browser (≥ 128 bits). */
  readonly state: string;
  /** The random id in the sign-in link `/link` gives (`GET /oauth/start/<id>`). */
  readonly startId: string;
  /** The platform's authorize URL that link redirects to. */
  readonly authorizeUrl: string;
  /** Undefined for a personal link's sign-in (docs/architecture.md, "Personal links"). */
  readonly guildId: string | undefined;
  readonly userId: string;
  readonly names: OAuthStateNames;
  readonly codeVerifier: string;
  /** Lets the callback edit the member's original ephemeral reply; undefined when no interaction asked. */
  readonly interactionToken: string | undefined;
  /** Which flow started it (`link` if left out); `linked_roles` writes the member's connection once linked. */
  readonly origin?: OAuthStateOrigin;
  readonly expiresAt: number;
  readonly now: number;
}

export type OAuthStateOrigin = "link" | "linked_roles";

/** A pending authorization as the confirm page shows it: the sealed parts stay sealed. */
export interface PendingOAuthState {
  /** Undefined for a personal link's sign-in. */
  readonly guildId: string | undefined;
  readonly userId: string;
  readonly origin: OAuthStateOrigin;
  readonly names: OAuthStateNames;
  /** The platform account the callback's tokens belong to; undefined until the callback exchanged the code. */
  readonly platformUsername: string | undefined;
}

export interface OAuthGrant extends PendingOAuthState {
  readonly codeVerifier: string;
  readonly interactionToken: string | undefined;
  /** The tokens the callback got, as JSON (oauth-link.ts); undefined when it exchanged nothing. */
  readonly pendingCredential: string | undefined;
}

/** `other_browser`: the browser asking is not the one that opened the sign-in link (or none did yet). */
export type OAuthStateFailure = "unknown" | "other_browser" | "expired";

export type ConsumedOAuthState =
  | { readonly ok: true; readonly grant: OAuthGrant }
  | {
      readonly ok: false;
      readonly reason: OAuthStateFailure;
      /**
       * The tokens an expired state taken out here held (its callback exchanged the code), as JSON, for the
       * caller to revoke: the hourly prune will not see them.
       */
      readonly abandonedCredential?: string;
    };

export type FoundOAuthState =
  | { readonly ok: true; readonly pending: PendingOAuthState }
  | { readonly ok: false; readonly reason: OAuthStateFailure };

/** A state as the browser brings it back, with the value of the cookie the sign-in link set in it. */
export interface OAuthStateLookup {
  readonly state: string;
  readonly browserKey: string;
  readonly now: number;
}

export function hashOAuthState(state: string): string {
  return hashOAuthSecret(state);
}

export async function createOAuthState(
  db: Kysely<Database>,
  box: SecretBox,
  input: OAuthStateInput,
): Promise<void> {
  const stateHash = hashOAuthState(input.state);
  await db
    .insertInto("oauth_states")
    .values({
      state_hash: stateHash,
      guild_id: input.guildId ?? null,
      user_id: input.userId,
      origin: input.origin ?? "link",
      code_verifier: box.seal(input.codeVerifier, associatedData(stateHash, "code_verifier")),
      interaction_token:
        input.interactionToken === undefined
          ? null
          : box.seal(input.interactionToken, associatedData(stateHash, "interaction_token")),
      start_hash: hashOAuthSecret(input.startId),
      authorize_url: box.seal(input.authorizeUrl, associatedData(stateHash, "authorize_url")),
      member_name: input.names.memberName ?? null,
      member_username: input.names.memberUsername ?? null,
      guild_name: input.names.guildName ?? null,
      expires_at: input.expiresAt,
      created_at: input.now,
    })
    .execute();
}

/**
 * Reads a pending state without taking it out: the callback shows the confirm page from it, and only the
 * confirmation (or its cancellation) consumes it. Another browser's request is told so before whether the
 * state expired.
 */
export async function findOAuthState(
  db: Kysely<Database>,
  input: OAuthStateLookup,
): Promise<FoundOAuthState> {
  const row = await db
    .selectFrom("oauth_states")
    .select([
      "guild_id",
      "user_id",
      "origin",
      "member_name",
      "member_username",
      "guild_name",
      "platform_username",
      "browser_hash",
      "expires_at",
    ])
    .where("state_hash", "=", hashOAuthState(input.state))
    .executeTakeFirst();
  const refused = refusalOf(row, input);
  return row === undefined || refused !== undefined
    ? { ok: false, reason: refused ?? "unknown" }
    : { ok: true, pending: toPendingOAuthState(row) };
}

/**
 * Why a pending state read for `input` cannot be used, or undefined when it can: another browser's request is
 * told so before whether the state expired.
 */
function refusalOf(
  row: Pick<Selectable<OAuthStatesTable>, "browser_hash" | "expires_at"> | undefined,
  input: OAuthStateLookup,
): OAuthStateFailure | undefined {
  if (row === undefined) return "unknown";
  if (row.browser_hash !== hashOAuthSecret(input.browserKey)) return "other_browser";
  return row.expires_at <= input.now ? "expired" : undefined;
}

/**
 * The whole pending grant, opened, without taking it out: the callback's exchange reads its PKCE verifier, and
 * the confirmation learns whose its tokens are before it takes the state out and stores the link in one
 * transaction. The same checks as findOAuthState.
 */
export async function findOAuthGrant(
  db: Kysely<Database>,
  box: SecretBox,
  input: OAuthStateLookup,
): Promise<
  | { readonly ok: true; readonly grant: OAuthGrant }
  | { readonly ok: false; readonly reason: OAuthStateFailure }
> {
  const row = await db
    .selectFrom("oauth_states")
    .selectAll()
    .where("state_hash", "=", hashOAuthState(input.state))
    .executeTakeFirst();
  const refused = refusalOf(row, input);
  return row === undefined || refused !== undefined
    ? { ok: false, reason: refused ?? "unknown" }
    : { ok: true, grant: toOAuthGrant(box, row) };
}

/**
 * Keeps the tokens the callback got, sealed, with the account they belong to, while the state is pending in
 * this browser and holds none yet; false when another request got there first (or the state is gone).
 */
export async function savePendingOAuthCredential(
  db: Kysely<Database>,
  box: SecretBox,
  input: OAuthStateLookup & { readonly credential: string; readonly platformUsername: string },
): Promise<boolean> {
  const stateHash = hashOAuthState(input.state);
  const result = await db
    .updateTable("oauth_states")
    .set({
      pending_credential: box.seal(input.credential, associatedData(stateHash, "pending_credential")),
      platform_username: input.platformUsername,
    })
    .where("state_hash", "=", stateHash)
    .where("browser_hash", "=", hashOAuthSecret(input.browserKey))
    .where("pending_credential", "is", null)
    .where("expires_at", ">", input.now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes the state out in one statement, and only for the browser that opened the sign-in link, so two
 * confirmations racing with the same state cannot both succeed and another browser's uses up nothing. An
 * expired state is removed too, and reported as such, with the tokens its callback got for the caller to revoke.
 */
export async function consumeOAuthState(
  db: Kysely<Database>,
  box: SecretBox,
  input: OAuthStateLookup,
): Promise<ConsumedOAuthState> {
  const row = await db
    .deleteFrom("oauth_states")
    .where("state_hash", "=", hashOAuthState(input.state))
    .where("browser_hash", "=", hashOAuthSecret(input.browserKey))
    .returningAll()
    .executeTakeFirst();
  if (row === undefined) {
    // Nothing taken: say why (gone, or another browser's), without taking it.
    const found = await findOAuthState(db, input);
    return { ok: false, reason: found.ok ? "unknown" : found.reason };
  }
  if (row.expires_at <= input.now) {
    const { pendingCredential } = toOAuthGrant(box, row);
    return pendingCredential === undefined
      ? { ok: false, reason: "expired" }
      : { ok: false, reason: "expired", abandonedCredential: pendingCredential };
  }
  return { ok: true, grant: toOAuthGrant(box, row) };
}

function toPendingOAuthState(
  row: Pick<
    Selectable<OAuthStatesTable>,
    "guild_id" | "user_id" | "origin" | "member_name" | "member_username" | "guild_name" | "platform_username"
  >,
): PendingOAuthState {
  return {
    guildId: row.guild_id ?? undefined,
    userId: row.user_id,
    origin: row.origin,
    names: {
      memberName: row.member_name ?? undefined,
      memberUsername: row.member_username ?? undefined,
      guildName: row.guild_name ?? undefined,
    },
    platformUsername: row.platform_username ?? undefined,
  };
}

function toOAuthGrant(box: SecretBox, row: Selectable<OAuthStatesTable>): OAuthGrant {
  return {
    ...toPendingOAuthState(row),
    codeVerifier: box.open(row.code_verifier, associatedData(row.state_hash, "code_verifier")),
    interactionToken:
      row.interaction_token === null
        ? undefined
        : box.open(row.interaction_token, associatedData(row.state_hash, "interaction_token")),
    pendingCredential:
      row.pending_credential === null
        ? undefined
        : box.open(row.pending_credential, associatedData(row.state_hash, "pending_credential")),
  };
}

/**
 * The members with a Linked Roles sign-in still open (docs/architecture.md, "Linked Roles"): their Discord
 * token waits for the personal link it makes, and must not be forgotten as a member's with no link.
 */
export function listLinkedRolesSigningIn(db: Kysely<Database>, now: number) {
  return db
    .selectFrom("oauth_states")
    .select("oauth_states.user_id")
    .where("oauth_states.origin", "=", "linked_roles")
    .where("oauth_states.expires_at", ">", now);
}

/** Whether the member has a Linked Roles sign-in still open (listLinkedRolesSigningIn). */
export async function hasPendingLinkedRolesSignIn(
  db: Kysely<Database>,
  input: { readonly userId: string; readonly now: number },
): Promise<boolean> {
  const row = await listLinkedRolesSigningIn(db, input.now)
    .where("oauth_states.user_id", "=", input.userId)
    .executeTakeFirst();
  return row !== undefined;
}
