import type { REST } from "@discordjs/rest";
import { type APIGuild, Routes } from "discord-api-types/v10";
import type { Logger } from "../../logger.js";

/**
 * The server's name, for the OAuth confirm page (an interaction carries the guild's id, not its name). Best
 * effort: without it the page says "a Discord server" and still names the member.
 */
export async function readGuildName(
  deps: { readonly rest: REST; readonly logger: Logger },
  guildId: string,
): Promise<string | undefined> {
  try {
    const guild = (await deps.rest.get(Routes.guild(guildId))) as Pick<APIGuild, "name">;
    return typeof guild.name === "string" ? guild.name : undefined;
  } catch (error) {
    deps.logger.warn({ err: error, guildId }, "could not read the guild's name for the OAuth confirm page");
    return undefined;
  }
}
