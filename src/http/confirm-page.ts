import type { OAuthStateNames } from "../store/oauth-states.js";
import { escapeHtml, renderHtmlPage } from "./html-page.js";
import { describeMember, describeServer } from "./oauth-messages.js";

export interface ConfirmPageInput {
  readonly names: OAuthStateNames;
  readonly state: string;
  readonly code: string;
  readonly csrfToken: string;
}

/**
 * The page `GET /oauth/callback` answers with (docs/architecture.md, "Linking"): it names the Discord member
 * and server the account would be linked to, and posts the person's answer to `POST /oauth/confirm`. The
 * form's action is relative, so it posts back to the same origin and path prefix as the callback.
 */
export function renderConfirmPage(input: ConfirmPageInput): string {
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return renderHtmlPage(
    "Link your platform account?",
    `<p>This links the platform account you just signed in with to <strong>${escapeHtml(
      describeMember(input.names),
    )}</strong> in <strong>${escapeHtml(describeServer(input.names))}</strong> on Discord.</p>
<p>Only continue if you ran /link there yourself. If someone sent you this link, press Cancel: linking would let them use the bot as you.</p>
<form method="post" action="confirm">
${hidden("state", input.state)}
${hidden("code", input.code)}
${hidden("_csrf", input.csrfToken)}
<button type="submit" name="action" value="cancel">Cancel</button>
<button type="submit" name="action" value="link">Link account</button>
</form>`,
  );
}
