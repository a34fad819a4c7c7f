import { escapeHtml, renderHtmlPage } from "./html-page.js";

/**
 * A member whose servers hold different platform accounts chooses the one their profile shows by signing in
 * to it: that account becomes their personal link (docs/architecture.md, "Linked Roles"). The link is the
 * bot's own sign-in link, which binds this browser as `/link`'s does.
 */
export function renderChooseAccountPage(signInUrl: string): string {
  return renderHtmlPage(
    "Choose your platform account",
    `<p>You linked different platform accounts in different servers. Sign in to the one your Discord profile should show: it becomes your personal link, which the bot also uses in DMs.</p>
<p><a href="${escapeHtml(signInUrl)}">Sign in to the platform</a></p>`,
  );
}
