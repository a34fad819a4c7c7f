// What the Linked Roles pages say (docs/architecture.md, "Linked Roles"): short, plain, and what to do next.
const again =
  "Open the bot's Linked Roles connection from your Discord profile (or the role's Links requirement) to try again.";

export const linkedRolesMessages = {
  authorized: "Your Discord account is connected. You can close this page and return to Discord.",
  declined: `You declined the authorization, so nothing was connected. ${again}`,
  refused: `Discord did not authorize the connection. ${again}`,
  no_code: `Discord's answer had no code. ${again}`,
  unknown: `This verification is unknown or was already used. ${again}`,
  expired: `This verification expired (they last 10 minutes). ${again}`,
  other_browser: `This verification was not started in this browser, so nothing was connected. ${again}`,
  missing_scope: `The bot needs permission to update your connection, so nothing was connected. ${again}`,
  code_refused: `Discord refused the authorization code (it may have expired). ${again}`,
  discord_failed: `Discord could not complete the verification right now. ${again}`,
} as const;
