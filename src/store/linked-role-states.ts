// The pending Discord authorizations of the Linked Roles verification URL (docs/architecture.md, "Linked
// Roles"): bound to the browser that opened it, single use, 10 minutes. Only hashes of the state and of the
// browser's cookie are kept; the PKCE verifier is sealed, bound to its row.
import type { Kysely } from "kysely";
import type { SecretBox } from "../secrets/secret-box.js";
import type { Database } from "./database.js";
import { hashOAuthSecret } from "./oauth-state-sealing.js";
import { describeSealedColumn } from "./sealed-column.js";

export interface LinkedRoleStateInput {
  readonly state: string;
  readonly browserKey: string;
  readonly codeVerifier: string;
  readonly expiresAt: number;
  readonly now: number;
}

export type TakenLinkedRoleState =
  | { readonly ok: true; readonly codeVerifier: string }
  | { readonly ok: false; readonly reason: "unknown" | "other_browser" | "expired" };

function associatedData(stateHash: string): string {
  return `linked_role_states:${stateHash}:code_verifier`;
}

export const sealedLinkedRoleVerifiers = describeSealedColumn({
  table: "linked_role_states",
  key: "state_hash",
  column: "code_verifier",
  associatedData: (row) => associatedData(row.state_hash),
});

export async function createLinkedRoleState(
  db: Kysely<Database>,
  box: SecretBox,
  input: LinkedRoleStateInput,
): Promise<void> {
  const stateHash = hashOAuthSecret(input.state);
  await db
    .insertInto("linked_role_states")
    .values({
      state_hash: stateHash,
      browser_hash: hashOAuthSecret(input.browserKey),
      code_verifier: box.seal(input.codeVerifier, associatedData(stateHash)),
      expires_at: input.expiresAt,
      created_at: input.now,
    })
    .execute();
}

/**
 * Takes the state out in one statement, only for the browser that opened the verification URL: another
 * browser's request uses up nothing, so the member's own browser can still finish.
 */
export async function takeLinkedRoleState(
  db: Kysely<Database>,
  box: SecretBox,
  input: { readonly state: string; readonly browserKey: string | undefined; readonly now: number },
): Promise<TakenLinkedRoleState> {
  const stateHash = hashOAuthSecret(input.state);
  const taken =
    input.browserKey === undefined
      ? undefined
      : await db
          .deleteFrom("linked_role_states")
          .where("state_hash", "=", stateHash)
          .where("browser_hash", "=", hashOAuthSecret(input.browserKey))
          .returning(["code_verifier", "expires_at"])
          .executeTakeFirst();
  if (taken === undefined) {
    const exists = await db
      .selectFrom("linked_role_states")
      .select("state_hash")
      .where("state_hash", "=", stateHash)
      .executeTakeFirst();
    return { ok: false, reason: exists === undefined ? "unknown" : "other_browser" };
  }
  if (taken.expires_at <= input.now) return { ok: false, reason: "expired" };
  return { ok: true, codeVerifier: box.open(taken.code_verifier, associatedData(stateHash)) };
}

/** Deletes the states past their 10 minutes; returns how many. */
export async function pruneLinkedRoleStates(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom("linked_role_states").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
