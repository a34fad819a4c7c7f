import { plainText } from "../../display/platform-text.js";

/** What the `/link` reply says once the member pressed Cancel on the confirm page; its buttons are gone. */
export function describeCancelledLink(): string {
  return "You cancelled on the confirmation page, so nothing was linked. Run `/link` again to start over.";
}

/** The line that confirms a link, after the API-key modal or the OAuth sign-in. */
export function describeLinked(platformUsername: string, via: "api-key" | "oauth", personal = false): string {
  const how = via === "api-key" ? " with an API key" : "";
  const where = personal
    ? "Outside servers, the bot's commands now use it (servers keep their own links)."
    : "You can now use the bot's commands here.";
  return `Linked as **${plainText(platformUsername)}**${how}. ${where}`;
}
