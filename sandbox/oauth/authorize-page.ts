// The consent page of the sandbox: pick the platform account to act as, then Approve or Deny.
import type { OAuthClient, PendingAuthorization, User } from "../state.js";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}
button{font-size:1rem;padding:.5rem 1.25rem;margin-right:.5rem}</style></head>
<body>${body}</body></html>`;
}

export function renderConsentPage(
  client: OAuthClient,
  request: PendingAuthorization,
  users: readonly User[],
  selectedUserId: string | undefined,
): string {
  const options = users
    .map((user) => {
      const selected = user.id === selectedUserId ? " selected" : "";
      return `<option value="${escapeHtml(user.username)}"${selected}>${escapeHtml(user.username)}</option>`;
    })
    .join("");
  const scopes = request.scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join("");
  return page(
    "Authorize application",
    `<h1>Authorize ${escapeHtml(client.name)}</h1>
<p><strong>${escapeHtml(client.name)}</strong> wants to act on a platform account with these permissions:</p>
<ul>${scopes}</ul>
<form method="post" action="/oauth/authorize/decision">
<input type="hidden" name="request_id" value="${escapeHtml(request.id)}">
<p><label>Sign in as <select name="username">${options}</select></label></p>
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  );
}

export function renderErrorPage(message: string): string {
  return page("Authorization failed", `<h1>Authorization failed</h1><p>${escapeHtml(message)}</p>`);
}
