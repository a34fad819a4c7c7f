// The sign-in link `/link` gives, `GET /oauth/start/<id>` (docs/architecture.md, "Linking"): the first browser
// to open it is bound to the pending sign-in by a hash of a cookie it is given, and only that browser may open
// it again, come back to the callback or confirm.
import type { Kysely } from "kysely";
import type { SecretBox } from "../secrets/secret-box.js";
import type { Database } from "./database.js";
import { hashOAuthSecret, oauthStateAssociatedData } from "./oauth-state-sealing.js";

/** `this_browser`: the browser holds the cookie of the one that opened the link first. */
export type OAuthStartBinding = "none" | "this_browser" | "another_browser";

export type FoundOAuthStart =
  | {
      readonly ok: true;
      readonly authorizeUrl: string;
      readonly expiresAt: number;
      readonly boundTo: OAuthStartBinding;
    }
  | { readonly ok: false; readonly reason: "unknown" | "expired" };

/** The pending sign-in behind a start id, and whether the browser holding `browserKey` (if any) opened it. */
export async function findOAuthStart(
  db: Kysely<Database>,
  box: SecretBox,
  input: { readonly startId: string; readonly browserKey: string | undefined; readonly now: number },
): Promise<FoundOAuthStart> {
  const row = await db
    .selectFrom("oauth_states")
    .select(["state_hash", "authorize_url", "browser_hash", "expires_at"])
    .where("start_hash", "=", hashOAuthSecret(input.startId))
    .executeTakeFirst();
  if (row === undefined || row.authorize_url === null) return { ok: false, reason: "unknown" };
  if (row.expires_at <= input.now) return { ok: false, reason: "expired" };
  const boundTo: OAuthStartBinding =
    row.browser_hash === null
      ? "none"
      : input.browserKey !== undefined && row.browser_hash === hashOAuthSecret(input.browserKey)
        ? "this_browser"
        : "another_browser";
  const authorizeUrl = box.open(row.authorize_url, oauthStateAssociatedData(row.state_hash, "authorize_url"));
  return { ok: true, authorizeUrl, expiresAt: row.expires_at, boundTo };
}

/**
 * Binds the pending sign-in to the browser given `browserKey`, in one statement that applies only while no
 * browser is bound yet: of two browsers opening the link at once, one is bound and the other gets false.
 */
export async function bindOAuthStart(
  db: Kysely<Database>,
  input: { readonly startId: string; readonly browserKey: string; readonly now: number },
): Promise<boolean> {
  const result = await db
    .updateTable("oauth_states")
    .set({ browser_hash: hashOAuthSecret(input.browserKey) })
    .where("start_hash", "=", hashOAuthSecret(input.startId))
    .where("browser_hash", "is", null)
    .where("expires_at", ">", input.now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
