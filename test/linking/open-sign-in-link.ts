// Opens /link's sign-in link the way the start route does for a browser with no cookie yet: binds a new
// browser key to the pending sign-in and gives back the platform's authorize URL it redirects to.
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { openOAuthStart } from "../../src/linking/oauth-start.js";

export interface OpenedSignInLink {
  readonly authorizeUrl: URL;
  /** The key the start route would set as the browser's cookie. */
  readonly browserKey: string;
  readonly state: string;
  readonly codeChallenge: string;
}

/** The start id is the last part of the sign-in link's path (`/oauth/start/<id>`). */
export function startIdOf(signInLink: string): string {
  return new URL(signInLink).pathname.split("/").at(-1) ?? "";
}

export async function openSignInLink(deps: LinkingDeps, signInLink: string): Promise<OpenedSignInLink> {
  const opened = await openOAuthStart(deps, { startId: startIdOf(signInLink), heldBrowserKey: undefined });
  if (!opened.ok) throw new Error(`the sign-in link did not open: ${opened.reason}`);
  const authorizeUrl = new URL(opened.authorizeUrl);
  return {
    authorizeUrl,
    browserKey: opened.browserKey,
    state: authorizeUrl.searchParams.get("state") ?? "",
    codeChallenge: authorizeUrl.searchParams.get("code_challenge") ?? "",
  };
}
