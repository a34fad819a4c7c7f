// Whether the bot is still in each server, without a gateway (docs/architecture.md, "When the bot leaves a
// server"). In HTTP interactions mode no GUILD_DELETE ever arrives, so a background job reads the bot's whole
// server list over REST: a server set up here that the complete list leaves out is recorded as removed, as its
// GUILD_DELETE would have been (the same grace period and purge), and a removed one that is listed again is
// resumed, as its GUILD_CREATE would have.
import type { REST } from "@discordjs/rest";
import { listBotGuildIds } from "../discord/list-bot-guilds.js";
import { listAllRemovedGuilds, listSetUpGuilds } from "../store/guild-removals.js";
import { recordRemoval, resumeGuild, type GuildMembershipDeps } from "./follow-guild-membership.js";
import { isSuspectRemovalCount } from "./suspect-removals.js";

export type GuildListDeps = Pick<GuildMembershipDeps, "db" | "clock" | "logger" | "guildDataGraceMs"> & {
  readonly rest: REST;
};

/** One pass: how many servers it recorded removed and resumed. */
export async function checkGuildList(
  deps: GuildListDeps,
): Promise<{ readonly removed: number; readonly resumed: number }> {
  // Read before the list: a server set up after this read is not judged by a list that may predate it.
  const setUp = await listSetUpGuilds(deps.db);
  const removed = await listAllRemovedGuilds(deps.db);
  const listed = await listBotGuildIds(deps.rest);
  const missing = setUp.filter((guildId) => !listed.has(guildId) && !removed.has(guildId));
  const back = [...removed].filter((guildId) => listed.has(guildId));
  for (const guildId of back) await resumeGuild(deps, guildId);
  if (isSuspectRemovalCount(missing.length, setUp.length)) {
    deps.logger.error(
      { missing: missing.length, setUp: setUp.length, listed: listed.size },
      "most servers set up here are not in the bot's server list: not recording them as removed; check " +
        "DISCORD_TOKEN and DATABASE_URL belong to the same bot",
    );
    return { removed: 0, resumed: back.length };
  }
  for (const guildId of missing) {
    deps.logger.info({ guildId }, "a server set up here is not in the bot's server list: the bot left it");
    await recordRemoval(deps, guildId);
  }
  return { removed: missing.length, resumed: back.length };
}
