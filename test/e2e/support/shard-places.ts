// Helpers of the sharding end-to-end tests: guilds placed on a chosen shard, and what members and operators see.
import { GatewayDispatchEvents, type GatewayGuildCreateDispatchData } from "discord-api-types/v10";
import type { RunningBot } from "../../../src/bot/build-bot.js";
import { commandData } from "../../../src/commands/command-data.js";
import { deployCommands } from "../../../src/discord/deploy-commands.js";
import type { FakeUser, StoredMessage } from "../../../fake-discord/index.js";
import type { EndToEnd } from "../harness.js";
import { waitUntil } from "./wait-until.js";

/** A guild as members use it: where commands are typed, where announcements go, and who types them. */
export interface Place {
  readonly guildId: string;
  readonly channelId: string;
  readonly announcementsId: string;
  readonly admin: FakeUser;
  readonly member: FakeUser;
}

/** The harness's Arena guild, with a channel of its own for announcements. */
export function arenaOf(world: EndToEnd): Place {
  return {
    guildId: world.guildId,
    channelId: world.channelId,
    announcementsId: world.discord.createChannel(world.guildId, { name: "news" }).id,
    admin: world.members.admin,
    member: world.members.alice,
  };
}

/** A second guild on `shard`, made after the bot started (GUILD_CREATE then goes to that shard only). */
export async function addGuild(
  world: EndToEnd,
  shard: readonly [number, number],
  ready: RunningBot,
): Promise<Place> {
  const client = ready.client;
  if (client === undefined) throw new Error("the instance runs no gateway");
  // Seen on the raw gateway: the bot keeps no guild cache (create-gateway-client.ts).
  const received = new Set<string>();
  const onGuildCreate = (data: GatewayGuildCreateDispatchData) => received.add(data.id);
  client.ws.on(GatewayDispatchEvents.GuildCreate, onGuildCreate);
  const guild = world.discord.createGuild({ name: `Shard ${shard[0]}`, channels: ["general"], shard });
  const channelId = [...guild.channels.keys()][0] ?? "";
  const announcementsId = world.discord.createChannel(guild.id, { name: "announcements" }).id;
  const admin = world.discord.createMember(guild.id, { username: "admin2", permissions: ["ManageGuild"] });
  const member = world.discord.createMember(guild.id, { username: "carol" });
  await deployCommands(
    world.bot.deps.rest,
    { applicationId: world.discord.applicationId, guildId: guild.id },
    commandData,
  );
  try {
    await waitUntil(() => received.has(guild.id), {
      timeoutMs: 5000,
      what: `the bot to receive GUILD_CREATE for ${guild.id}`,
    });
  } finally {
    client.ws.off(GatewayDispatchEvents.GuildCreate, onGuildCreate);
  }
  return { guildId: guild.id, channelId, announcementsId, admin, member };
}

/** /subscribe by the admin: a slash command whose answer names the channel. */
export async function subscribe(world: EndToEnd, place: Place): Promise<StoredMessage> {
  return world.discord
    .runCommand({
      guildId: place.guildId,
      channelId: place.channelId,
      userId: place.admin.id,
      name: "subscribe",
      options: { channel: place.announcementsId },
    })
    .waitForFinal();
}

/** /link, then its "Use an API key" button, which answers with the key form. */
export async function pressLinkButton(world: EndToEnd, place: Place): Promise<Record<string, unknown>> {
  const at = { guildId: place.guildId, channelId: place.channelId, userId: place.member.id };
  const prompt = await world.discord.runCommand({ ...at, name: "link" }).waitForFinal();
  return world.discord
    .pressButton({ message: prompt, customId: "link:api-key", userId: place.member.id })
    .modal();
}

/** Sends the operator-level tournament start to one bot instance, signed as the platform does. */

export async function waitForAnnouncement(
  world: EndToEnd,
  place: Place,
  title: string,
): Promise<StoredMessage[]> {
  await world.discord.waitForMessage(place.announcementsId, (message) =>
    JSON.stringify(message).includes(title),
  );
  return world.discord
    .messages(place.announcementsId)
    .filter((message) => JSON.stringify(message).includes(title));
}

/** The shards the fake Discord holds sessions for: what Discord itself would see of the bot. */
export function identifiedShards(world: EndToEnd): string[] {
  return world.discord.gateway
    .liveSessions()
    .filter((session) => session.socket !== null)
    .map((session) => `${session.shardId}/${session.shardCount}`)
    .sort();
}

/** How many interactions one instance handled, from its own /metrics (on its metrics listener). */
export async function interactionsHandled(bot: RunningBot): Promise<number> {
  const metrics = (await bot.metricsHttp.inject({ method: "GET", url: "/metrics" })).body;
  return [...metrics.matchAll(/^arena_interaction_duration_seconds_count\{[^}]*\} (\d+)$/gm)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
}

export async function readyStatus(bot: RunningBot): Promise<number> {
  return (await bot.http.inject({ method: "GET", url: "/readyz" })).statusCode;
}
