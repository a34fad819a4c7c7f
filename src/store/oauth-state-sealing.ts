// What the pending OAuth sign-ins keep instead of their secrets (docs/architecture.md, "Linking"): a SHA-256 of
// each random value a browser holds (the state, the start id, the browser's cookie), and the secrets the bot
// needs back (PKCE verifier, interaction token, authorize URL, the tokens the callback got) sealed, bound to
// their row and column.
import { createHash } from "node:crypto";
import { describeSealedColumn } from "./sealed-column.js";

/** SHA-256 (hex). The values hashed are 256 random bits, so a plain hash is as good as a keyed one. */
export function hashOAuthSecret(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

export type SealedOAuthStateColumn =
  "code_verifier" | "interaction_token" | "authorize_url" | "pending_credential";

export function oauthStateAssociatedData(stateHash: string, column: SealedOAuthStateColumn): string {
  return `oauth_states:${stateHash}:${column}`;
}

/** Every sealed column, for re-sealing under the current key (sealed-column.ts). */
export const sealedOAuthStateSecrets = (
  ["code_verifier", "interaction_token", "authorize_url", "pending_credential"] as const
).map((column) =>
  describeSealedColumn({
    table: "oauth_states",
    key: "state_hash",
    column,
    associatedData: (row) => oauthStateAssociatedData(row.state_hash, column),
  }),
);
