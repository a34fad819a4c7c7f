// Which callback visit sends a sign-in's code to the token endpoint (docs/architecture.md, "Linking"). A code is
// single use, and a platform following RFC 6749 §4.1.2 revokes the tokens of a code sent twice, so a reload
// while the first visit is still exchanging (on this instance or another) must not send it again: the first
// visit claims the exchange in one statement, and the claim goes once the tokens are kept or the exchange
// failed. A claim older than `staleBefore` belongs to a visit that never finished (its instance stopped).
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import { hashOAuthState, type OAuthStateLookup } from "./oauth-states.js";
import { hashOAuthSecret } from "./oauth-state-sealing.js";

/**
 * Claims the exchange of a state pending in this browser that holds no tokens yet; false when another visit
 * holds a live claim, the tokens are kept already, or the state is gone or expired.
 */
export async function claimOAuthExchange(
  db: Kysely<Database>,
  input: OAuthStateLookup & { readonly staleBefore: number },
): Promise<boolean> {
  const result = await db
    .updateTable("oauth_states")
    .set({ exchange_claimed_at: input.now })
    .where("state_hash", "=", hashOAuthState(input.state))
    .where("browser_hash", "=", hashOAuthSecret(input.browserKey))
    .where("pending_credential", "is", null)
    .where("expires_at", ">", input.now)
    .where((eb) =>
      eb.or([eb("exchange_claimed_at", "is", null), eb("exchange_claimed_at", "<=", input.staleBefore)]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives up the claim made at `claimedAt` (the exchange failed), so a reload may try again. */
export async function releaseOAuthExchange(
  db: Kysely<Database>,
  input: { readonly state: string; readonly claimedAt: number },
): Promise<void> {
  await db
    .updateTable("oauth_states")
    .set({ exchange_claimed_at: null })
    .where("state_hash", "=", hashOAuthState(input.state))
    .where("exchange_claimed_at", "=", input.claimedAt)
    .execute();
}
