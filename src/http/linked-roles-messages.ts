// What the Linked Roles pages say (docs/architecture.md, "Linked Roles"): short, plain, and what to do next.
const again =
  "Open the bot's Linked Roles connection from your Discord profile (or the role's Links requirement) to try again.";

/** What to do once a passing fault is over: `again`, said within a sentence of the page's own. */
export const againLater =
  "open the bot's Linked Roles connection from your Discord profile (or the role's Links requirement) again.";

export const linkedRolesMessages = {
  declined: `You declined the authorization, so nothing was connected. ${again}`,
  refused: `Discord did not authorize the connection. ${again}`,
  no_code: `Discord's answer had no code. ${again}`,
  unknown: `This verification is unknown or was already used. ${again}`,
  expired: `This verification expired (they last 10 minutes). ${again}`,
  other_browser: `This verification was not started in this browser, so nothing was connected. ${again}`,
  missing_scope: `The bot needs permission to update your connection, so nothing was connected. ${again}`,
  code_refused: `Discord refused the authorization code (it may have expired). ${again}`,
  // Without the platform's sign-in (OAuth off), links are made with an API key in Discord.
  not_linked:
    "No platform account is linked to your Discord account yet, so nothing was shown on your profile. Run /link in a DM with the bot (your personal link), then verify again.",
  several_accounts:
    "You linked different platform accounts in different servers, so the bot cannot tell which one your profile should show. Run /link in a DM with the bot to choose one as your personal link, then verify again.",
  link_unusable:
    "Your platform link needs renewing, so nothing was shown on your profile. Run /link again (in a DM with the bot for your personal link), then verify again.",
  platform_misconfigured:
    "The bot's access to the platform is misconfigured, so nothing was shown on your profile. Your platform account is still linked; the bot's operator can see why in its log. Try again once it is fixed.",
  discord_failed: `Discord or the platform could not complete the verification right now. ${again}`,
} as const;

/** The platform account's name is shown as text (the page escapes it). */
export function describeVerified(platformUsername: string): string {
  return `Your Discord profile now shows your platform account ${platformUsername}. You can close this page and return to Discord.`;
}
