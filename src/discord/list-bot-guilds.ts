// Every server the bot is in, read through REST (Discord's Get Current User Guilds: GET /users/@me/guilds,
// at most 200 a page, the next page `after` the last id): how a bot without a gateway connection learns it was
// removed from one (docs/architecture.md, "When the bot leaves a server"); and whether it is in one of them.
import { DiscordAPIError, type REST } from "@discordjs/rest";
import { RESTJSONErrorCodes, Routes, type RESTGetAPICurrentUserGuildsResult } from "discord-api-types/v10";

/** Discord's largest page for this route. */
export const guildPageLimit = 200;

/**
 * The ids of every server the bot is in, from the first page to the last; throws if any page fails, so a
 * caller never takes a partial list for the whole one.
 */
export async function listBotGuildIds(rest: REST): Promise<Set<string>> {
  const ids = new Set<string>();
  let after = "0";
  for (;;) {
    const query = new URLSearchParams({ limit: String(guildPageLimit), after });
    const page = (await rest.get(Routes.userGuilds(), { query })) as RESTGetAPICurrentUserGuildsResult;
    for (const guild of page) ids.add(guild.id);
    const last = page.at(-1)?.id;
    // Pages come in id order; a page that does not move past `after` would repeat forever.
    if (page.length < guildPageLimit || last === undefined || BigInt(last) <= BigInt(after)) return ids;
    after = last;
  }
}

/**
 * Whether the bot is still in the server, asked of Discord (GET /guilds/{id}, which needs no permission): a
 * channel's 403 Missing Access means the channel is closed to the bot only while it is. False when Discord
 * answers Unknown Guild or Missing Access; undefined when it cannot say (an outage, a rate limit).
 */
export async function isBotInGuild(rest: REST, guildId: string): Promise<boolean | undefined> {
  try {
    await rest.get(Routes.guild(guildId));
    return true;
  } catch (error) {
    if (
      error instanceof DiscordAPIError &&
      (error.code === RESTJSONErrorCodes.UnknownGuild || error.code === RESTJSONErrorCodes.MissingAccess)
    ) {
      return false;
    }
    return undefined;
  }
}
