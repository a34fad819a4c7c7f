// Opening the sign-in link `/link` gives (docs/architecture.md, "Linking"): the first browser to open it gets a
// random key (the route sets it as a cookie) and is bound to the pending sign-in; that browser may open the
// link again, any other is refused. This binds the callback and the confirmation to the browser that started
// the sign-in, so a callback URL opened anywhere else links nothing (RFC 9700's advice against login CSRF).
import { randomBytes } from "node:crypto";
import { bindOAuthStart, findOAuthStart } from "../store/oauth-starts.js";
import type { LinkingDeps } from "./linking-deps.js";

export type OAuthStartFailure = "unknown_state" | "expired_state" | "opened_elsewhere" | "oauth_disabled";

export type OpenedOAuthStart =
  | {
      readonly ok: true;
      /** The platform's authorize URL, to redirect the browser to. */
      readonly authorizeUrl: string;
      /** The browser's key: the one it held when it opens the link again, else a new one to set. */
      readonly browserKey: string;
      readonly expiresAt: number;
    }
  | { readonly ok: false; readonly reason: OAuthStartFailure };

/** A fresh key per binding (256 random bits), so a cookie planted in a browser beforehand never becomes one. */
function newBrowserKey(): string {
  return randomBytes(32).toString("base64url");
}

export async function openOAuthStart(
  deps: LinkingDeps,
  input: { readonly startId: string; readonly heldBrowserKey: string | undefined },
): Promise<OpenedOAuthStart> {
  if (deps.config.platform.oauth === undefined) return { ok: false, reason: "oauth_disabled" };
  const now = deps.clock.now();
  const found = await findOAuthStart(deps.db, deps.secretBox, {
    startId: input.startId,
    browserKey: input.heldBrowserKey,
    now,
  });
  if (!found.ok) return { ok: false, reason: found.reason === "expired" ? "expired_state" : "unknown_state" };
  const opened = { authorizeUrl: found.authorizeUrl, expiresAt: found.expiresAt };
  if (found.boundTo === "this_browser" && input.heldBrowserKey !== undefined)
    return { ok: true, ...opened, browserKey: input.heldBrowserKey };
  if (found.boundTo === "another_browser") return { ok: false, reason: "opened_elsewhere" };
  const browserKey = newBrowserKey();
  if (!(await bindOAuthStart(deps.db, { startId: input.startId, browserKey, now })))
    return { ok: false, reason: "opened_elsewhere" };
  return { ok: true, ...opened, browserKey };
}
