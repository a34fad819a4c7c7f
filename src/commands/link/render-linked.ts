import { plainText } from "../../display/platform-text.js";

/** The line that confirms a link, after the API-key modal or the OAuth sign-in. */
export function describeLinked(platformUsername: string, via: "api-key" | "oauth"): string {
  const how = via === "api-key" ? " with an API key" : "";
  return `Linked as **${plainText(platformUsername)}**${how}. You can now use the bot's commands here.`;
}
