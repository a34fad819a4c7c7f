// What the tier roles e2e tests share (docs/architecture.md, "Tier roles"): the real bot with Manage Roles in
// its first server, tina just above and tom just below the master boundary, both linked there and in a
// second server, tina alone linked in a third where roles stay off, the admin channel, and the operator's
// signed webhook for rating changes; plus the admin's `/setup` and the servers' roles read from the fake.
import { expect } from "vitest";
import type { StoredMessage } from "../../../fake-discord/index.js";
import { startEndToEnd, type EndToEnd } from "../harness.js";
import { linkMember } from "../link-member.js";
import { setUpAdminStanding } from "./admin-standing.js";
import { createGuildWithCommands } from "./guild-with-commands.js";
import { operatorSecret, registerOperatorWebhook } from "./operator-webhook.js";
import { callPlatformApi } from "./platform-api.js";
import { createRatedPlayer, type Player } from "./rated-players.js";

export interface TierRolesWorld {
  readonly world: EndToEnd;
  readonly tina: Player;
  readonly tom: Player;
  /** A second server where both are linked and roles are on; a third where tina is linked, roles off. */
  readonly second: string;
  readonly third: string;
  readonly adminChannel: string;
  /** `/setup …` as the admin, in the guild's channel. */
  readonly setupIn: (guildId: string, extra: Record<string, unknown>) => Promise<StoredMessage>;
  /** The member's Diamond and Master roles in the guild, by name. */
  readonly tierRoleNames: (guildId: string, userId: string) => string[];
  readonly linkIn: (guildId: string, player: Player) => Promise<void>;
  /** A call to the platform's API with the player's key, answered as JSON. */
  readonly platform: (path: string, key: string, body?: unknown) => Promise<Record<string, unknown>>;
  readonly channelOf: (guildId: string) => string;
  /** A guild with the bot's commands, where the admin runs `/setup` in its one channel. */
  readonly addGuild: (name: string) => Promise<string>;
  /** Makes roles until the server has `count`, Discord's limit being 250. */
  readonly fillRoles: (guildId: string, count: number) => void;
  /** `/setup roles create` in the first server and then the second; the answers, in that order. */
  readonly createTierRoles: () => Promise<StoredMessage[]>;
  /** Waits for tina's Master and tom's Diamond roles in the first and the second server. */
  readonly waitForFirstTierRoles: () => Promise<void>;
}

export async function startTierRolesWorld(): Promise<TierRolesWorld> {
  const world = await startEndToEnd({ env: { PLATFORM_WEBHOOK_SECRET: operatorSecret } });
  const channels = new Map<string, string>();
  const channelOf = (guildId: string): string => channels.get(guildId) ?? world.channelId;
  const setupIn = (guildId: string, extra: Record<string, unknown>) =>
    world.discord
      .runCommand({
        guildId,
        channelId: channelOf(guildId),
        userId: world.members.admin.id,
        name: "setup",
        ...extra,
      })
      .waitForFinal();
  async function linkIn(guildId: string, player: Player): Promise<void> {
    const place = { guildId, channelId: channelOf(guildId) };
    expect(await linkMember(world, player.userId, player.key, place)).toMatch(/^Linked as/);
  }
  async function addGuild(name: string): Promise<string> {
    const { guildId, channelId } = await createGuildWithCommands(world, name);
    channels.set(guildId, channelId);
    return guildId;
  }

  // Just above and just below the master boundary (2000): one battle swaps their tiers.
  const tina = await createRatedPlayer(world, "tina", 2005);
  const tom = await createRatedPlayer(world, "tom", 1995);
  world.discord.roles.grantBot(world.guildId, ["ManageRoles"]);

  const [second, third] = [await addGuild("Second"), await addGuild("Third")];
  for (const guildId of [second, third]) {
    world.discord.roles.grantBot(guildId, ["ManageRoles"]);
    world.discord.createMember(guildId, { userId: tina.userId });
  }
  world.discord.createMember(second, { userId: tom.userId });

  await linkMember(world, tina.userId, tina.key);
  await linkMember(world, tom.userId, tom.key);
  await linkIn(second, tina);
  await linkIn(second, tom);
  await linkIn(third, tina);

  const { adminChannel } = await setUpAdminStanding(world, "I paused tier roles");

  // The operator's webhook: the platform signs every event with the operator secret.
  await registerOperatorWebhook(world, tina.key, ["user.rating_changed"]);

  return {
    world,
    tina,
    tom,
    second,
    third,
    adminChannel,
    setupIn,
    tierRoleNames: (guildId, userId) =>
      world.discord.roles
        .ofMember(guildId, userId)
        .map((role) => role.name)
        .filter((name) => ["Diamond", "Master"].includes(name)),
    linkIn,
    platform: async (path, key, body) =>
      (await (await callPlatformApi(world, key, path, { body })).json()) as Record<string, unknown>,
    channelOf,
    addGuild,
    fillRoles: (guildId, count) => {
      while (world.discord.roles.list(guildId).length < count)
        world.discord.roles.create(guildId, { name: `Role ${world.discord.roles.list(guildId).length}` });
    },
    createTierRoles: async () => {
      const answers: StoredMessage[] = [];
      for (const guildId of [world.guildId, second])
        answers.push(await setupIn(guildId, { subcommandGroup: "roles", subcommand: "create" }));
      return answers;
    },
    waitForFirstTierRoles: async () => {
      for (const guildId of [world.guildId, second]) {
        await world.discord.roles.waitForMemberRoles(guildId, tina.userId, (held) =>
          held.some((role) => role.name === "Master"),
        );
        await world.discord.roles.waitForMemberRoles(guildId, tom.userId, (held) =>
          held.some((role) => role.name === "Diamond"),
        );
      }
    },
  };
}
