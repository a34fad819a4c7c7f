// Pending OAuth authorizations taken out without being used (docs/architecture.md, "Linking"): the expired
// ones, pruned hourly, and a member's own when they unlink; the tokens a callback already got are handed back
// opened, for the caller to revoke. The states themselves are in oauth-states.ts.
import type { Kysely } from "kysely";
import type { SecretBox } from "../secrets/secret-box.js";
import type { Database } from "./database.js";
import { oauthStateAssociatedData as associatedData } from "./oauth-state-sealing.js";
import { openOrUndefined } from "./sealed-column.js";

/**
 * Deletes the expired states and hands back the tokens of those whose callback had already exchanged the code
 * (a sign-in nobody confirmed or cancelled), opened, for the caller to revoke. Deleted with RETURNING, so of
 * two instances pruning at once each expired row goes to one of them.
 */
export async function pruneOAuthStates(
  db: Kysely<Database>,
  box: SecretBox,
  now: number,
): Promise<{ readonly pruned: number; readonly abandonedCredentials: readonly string[] }> {
  const rows = await db
    .deleteFrom("oauth_states")
    .where("expires_at", "<=", now)
    .returning(["state_hash", "pending_credential"])
    .execute();
  return { pruned: rows.length, abandonedCredentials: openPendingCredentials(box, rows) };
}

/**
 * Takes out the member's sign-ins still pending for `guildId` (undefined: for their personal link), as
 * `/unlink` does (docs/architecture.md, "Linking"): a sign-in begun before it links nothing afterwards. Hands
 * back, opened, the tokens of those whose callback had already exchanged the code, for the caller to revoke.
 */
export async function cancelPendingOAuthStates(
  db: Kysely<Database>,
  box: SecretBox,
  member: { readonly guildId: string | undefined; readonly userId: string },
): Promise<readonly string[]> {
  const rows = await db
    .deleteFrom("oauth_states")
    .where("user_id", "=", member.userId)
    .where((eb) =>
      member.guildId === undefined ? eb("guild_id", "is", null) : eb("guild_id", "=", member.guildId),
    )
    .returning(["state_hash", "pending_credential"])
    .execute();
  return openPendingCredentials(box, rows);
}

/**
 * A credential no key of the ring opens (its key was dropped from ENCRYPTION_KEYS) cannot be revoked; its row
 * still goes, or it would undo every later prune (docs/operations.md, "Rotating and retiring an encryption
 * key").
 */
function openPendingCredentials(
  box: SecretBox,
  rows: readonly { readonly state_hash: string; readonly pending_credential: string | null }[],
): string[] {
  return rows.flatMap((row) => {
    if (row.pending_credential === null) return [];
    const opened = openOrUndefined(
      box,
      row.pending_credential,
      associatedData(row.state_hash, "pending_credential"),
    );
    return opened === undefined ? [] : [opened];
  });
}
