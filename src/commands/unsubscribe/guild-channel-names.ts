import type { REST } from "@discordjs/rest";
import { type APIChannel, Routes } from "discord-api-types/v10";
import type { Logger } from "../../logger.js";

/**
 * The guild's channel names by id, for suggestions that read "#battles" rather than an id. Best effort:
 * without them the suggestions show ids, which still work.
 */
export async function readChannelNames(
  deps: { readonly rest: REST; readonly logger: Logger },
  guildId: string,
): Promise<ReadonlyMap<string, string>> {
  try {
    const channels = (await deps.rest.get(Routes.guildChannels(guildId))) as APIChannel[];
    return new Map(channels.map((channel) => [channel.id, channel.name ?? channel.id]));
  } catch (error) {
    deps.logger.warn({ err: error, guildId }, "could not read the guild's channel names");
    return new Map();
  }
}
