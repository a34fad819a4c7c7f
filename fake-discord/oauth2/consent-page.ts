import type { FakeUser } from "../world/world-types.js";
import type { AuthorizationRequest } from "./authorize-request.js";

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${String(character.codePointAt(0))};`);

/**
 * Discord's consent screen in miniature: who is signing in (any user of the fake world, as there is no
 * login; the one `fake.oauth2.signIn` names is chosen at first), the scopes asked for, and Authorize / Cancel.
 * The form posts the original query back.
 */
export function renderConsentPage(input: {
  applicationName: string;
  request: AuthorizationRequest;
  rawQuery: string;
  users: readonly FakeUser[];
  /** The user signed in in this browser, chosen at first. */
  signedInUserId?: string | undefined;
}): string {
  const options = input.users
    .map((user) => {
      const selected = user.id === input.signedInUserId ? " selected" : "";
      return `<option value="${escapeHtml(user.id)}"${selected}>${escapeHtml(user.username)}</option>`;
    })
    .join("");
  const scopes = input.request.scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Authorize ${escapeHtml(input.applicationName)}</title></head>
<body>
<h1>${escapeHtml(input.applicationName)} wants to access your account</h1>
<form method="post" action="?${escapeHtml(input.rawQuery)}">
<label>Signed in as <select name="user_id">${options}</select></label>
<p>This will allow the application to:</p><ul>${scopes}</ul>
<button type="submit" name="decision" value="cancel">Cancel</button>
<button type="submit" name="decision" value="authorize">Authorize</button>
</form>
</body></html>`;
}

export function renderAuthorizeErrorPage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Invalid OAuth2 request</title></head>
<body><h1>Invalid OAuth2 request</h1><p>${escapeHtml(message)}</p></body></html>`;
}
