import type { OAuthStateNames } from "../store/oauth-states.js";
import { escapeHtml, renderHtmlPage } from "./html-page.js";
import { describeMember, describeServer } from "./oauth-messages.js";

export interface ConfirmPageInput {
  readonly names: OAuthStateNames;
  /** True for a personal link's sign-in: the account is linked for use outside servers. */
  readonly personal: boolean;
  /** The platform account the sign-in's tokens belong to, as `GET /users/me` named it. */
  readonly platformUsername: string | undefined;
  readonly state: string;
  readonly code: string;
  readonly csrfToken: string;
}

/**
 * The page `GET /oauth/callback` answers with (docs/architecture.md, "Linking"): it names the Discord member
 * and server the account would be linked to, and posts the person's answer to `POST /oauth/confirm`. The
 * form's action is relative, so it posts back to the same origin and path prefix as the callback. Cancel
 * comes first, so pressing Enter cancels.
 */
export function renderConfirmPage(input: ConfirmPageInput): string {
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return renderHtmlPage(
    "Link your platform account?",
    `<p>This links ${describeAccountHtml(input.platformUsername)} to ${describeMemberHtml(input.names)} ${describeWhereHtml(input)} on Discord.</p>
<p>Only continue if you started this yourself. If someone sent you this link, press Cancel: linking would let them use the bot as you.</p>
<form method="post" action="confirm">
${hidden("state", input.state)}
${hidden("code", input.code)}
${hidden("_csrf", input.csrfToken)}
<button type="submit" name="action" value="cancel">Cancel</button>
<button type="submit" name="action" value="link">Link account</button>
</form>`,
  );
}

function describeWhereHtml(input: ConfirmPageInput): string {
  if (input.personal) return "as their personal link, used outside servers,";
  return `in <strong><bdi>${escapeHtml(describeServer(input.names))}</bdi></strong>`;
}

/** The platform account, as text isolated in a `<bdi>` (it is the platform's, not Discord's). */
function describeAccountHtml(platformUsername: string | undefined): string {
  if (platformUsername === undefined) return "the platform account you just signed in with";
  return `the platform account <strong><bdi>${escapeHtml(platformUsername)}</bdi></strong>, which you just signed in with,`;
}

/**
 * The member as Discord shows them, with the @username a nickname cannot fake. Each name is isolated in a
 * `<bdi>`, so right-to-left or override characters in one cannot reorder the text around it.
 */
function describeMemberHtml(names: OAuthStateNames): string {
  const { memberName, memberUsername } = names;
  if (memberName === undefined) return escapeHtml(describeMember(names));
  const shown = `<strong><bdi>${escapeHtml(memberName)}</bdi></strong>`;
  if (memberUsername === undefined || memberUsername === memberName) return shown;
  return `${shown} (@<bdi>${escapeHtml(memberUsername)}</bdi>)`;
}
