// Whether a user is still a member of a server, read through the bot's REST client and its rate limits
// (docs/architecture.md, "The weekly digest"). The bot does not follow member events (it has no Guild Members
// intent), so a member who left is known only by asking: Discord answers 404 with code 10007 Unknown Member.
import { DiscordAPIError, type REST } from "@discordjs/rest";
import { RESTJSONErrorCodes } from "discord-api-types/v10";
import { fetchGuildMember } from "./guild-roles.js";

/** False only on Unknown Member; any other failure is thrown, since it says nothing about the member. */
export async function isStillGuildMember(rest: REST, guildId: string, userId: string): Promise<boolean> {
  try {
    await fetchGuildMember(rest, guildId, userId);
    return true;
  } catch (error) {
    if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMember) return false;
    throw error;
  }
}
