// Pending OAuth authorizations (docs/architecture.md, "Linking"): bound to guild + user, single use,
// short-lived. Only a hash of the state is stored, so reading the database does not let anyone complete
// someone else's link.
import { createHash } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { SecretBox } from "../secrets/secret-box.js";
import type { Database, OAuthStatesTable } from "./database.js";
import { describeSealedColumn } from "./sealed-column.js";

export interface OAuthStateInput {
  /** The random state sent to the browser (≥ 128 bits). */
  readonly state: string;
  readonly guildId: string;
  readonly userId: string;
  readonly codeVerifier: string;
  /** Lets the callback edit the member's original ephemeral reply. */
  readonly interactionToken: string;
  readonly expiresAt: number;
  readonly now: number;
}

export interface OAuthGrant {
  readonly guildId: string;
  readonly userId: string;
  readonly codeVerifier: string;
  readonly interactionToken: string;
}

export type ConsumedOAuthState =
  | { readonly ok: true; readonly grant: OAuthGrant }
  | { readonly ok: false; readonly reason: "unknown" | "expired" };

export function hashOAuthState(state: string): string {
  return createHash("sha256").update(state, "utf8").digest("hex");
}

function associatedData(stateHash: string, column: "code_verifier" | "interaction_token"): string {
  return `oauth_states:${stateHash}:${column}`;
}

/** Both sealed columns, for re-sealing under the current key (sealed-column.ts). */
export const sealedOAuthStateSecrets = (["code_verifier", "interaction_token"] as const).map((column) =>
  describeSealedColumn({
    table: "oauth_states",
    key: "state_hash",
    column,
    associatedData: (row) => associatedData(row.state_hash, column),
  }),
);

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
      guild_id: input.guildId,
      user_id: input.userId,
      code_verifier: box.seal(input.codeVerifier, associatedData(stateHash, "code_verifier")),
      interaction_token: box.seal(input.interactionToken, associatedData(stateHash, "interaction_token")),
      expires_at: input.expiresAt,
      created_at: input.now,
    })
    .execute();
}

/**
 * Takes the state out in one statement, so two callbacks racing with the same state cannot both succeed;
 * an expired state is removed too, and reported as such.
 */
export async function consumeOAuthState(
  db: Kysely<Database>,
  box: SecretBox,
  input: { readonly state: string; readonly now: number },
): Promise<ConsumedOAuthState> {
  const row = await db
    .deleteFrom("oauth_states")
    .where("state_hash", "=", hashOAuthState(input.state))
    .returningAll()
    .executeTakeFirst();
  if (row === undefined) return { ok: false, reason: "unknown" };
  if (row.expires_at <= input.now) return { ok: false, reason: "expired" };
  return { ok: true, grant: toOAuthGrant(box, row) };
}

/** Removes abandoned authorizations; returns how many. */
export async function pruneOAuthStates(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom("oauth_states").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

function toOAuthGrant(box: SecretBox, row: Selectable<OAuthStatesTable>): OAuthGrant {
  return {
    guildId: row.guild_id,
    userId: row.user_id,
    codeVerifier: box.open(row.code_verifier, associatedData(row.state_hash, "code_verifier")),
    interactionToken: box.open(row.interaction_token, associatedData(row.state_hash, "interaction_token")),
  };
}
