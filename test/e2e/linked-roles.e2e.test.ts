// Linked Roles end to end (docs/architecture.md, "Linked Roles"): the metadata deployed, a member linked with
// /link, then their browser through the verification URL over real HTTP, Discord's consent on the fake, and
// their rating, wins and join date on their role connection. Then kept current by push: a signed rating change
// rewrites it, a revoked Discord token marks the connection for re-verification and nothing is retried, and
// /unlink, or the purge of the only server a member linked in, clears it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeRemovedGuilds } from "../../src/bot/purge-removed-guilds.js";
import { commandData } from "../../src/commands/command-data.js";
import { deployCommands } from "../../src/discord/deploy-commands.js";
import { findGuildRemoval } from "../../src/store/guild-removals.js";
import { findRoleConnection } from "../../src/store/role-connections.js";
import { findRoleConnectionWrite } from "../../src/store/role-connection-write-leases.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import {
  changeRating,
  linkedRolesClientSecret,
  linkedRolesOptions,
  openLinkedRolesVerification,
  platformUser,
  readConnectionOverHttp,
  setUpLinkedRoles,
  verifyLinkedRoles,
} from "./support/linked-roles-world.js";
import { keyOf } from "./support/sandbox-keys.js";
import { waitUntil } from "./support/wait-until.js";

describe("a member verifying their Linked Roles connection", () => {
  let world: EndToEnd;
  const stored = (userId: string) => findRoleConnection(world.bot.deps.db, world.bot.deps.secretBox, userId);
  const queued = (userId: string) => findRoleConnectionWrite(world.bot.deps.db, userId);

  beforeAll(async () => {
    world = await startEndToEnd(linkedRolesOptions());
    await setUpLinkedRoles(world);
  });
  afterAll(async () => {
    await world.close();
  });

  it("shows the platform account and its rating on the member's Discord profile", async () => {
    const alice = world.members.alice;
    await linkMember(world, alice.id, keyOf(world, "alice"));
    expect(await verifyLinkedRoles(world, alice.id)).toContain(
      "Your Discord profile now shows your platform account alice.",
    );

    const platformAlice = platformUser(world, "alice");
    const connection = await world.discord.oauth2.waitForRoleConnection(alice.id);
    expect(connection.platform_name).toBe("Arena");
    expect(connection.platform_username).toBe("alice");
    expect(connection.metadata.rating).toBe(String(platformAlice.rating));
    expect(connection.metadata.battles_won).toMatch(/^\d+$/);
    expect(connection.metadata.member_since).toBe(new Date(platformAlice.joinedAt).toISOString());
    expect(world.logs()).not.toContain(linkedRolesClientSecret);
  });

  it("writes the new rating to the connection when the platform signs a rating change", async () => {
    const alice = world.members.alice;
    const newRating = platformUser(world, "alice").rating + 37;
    await changeRating(world, world.bot, "alice", newRating);
    await world.discord.oauth2.waitForRoleConnection(
      alice.id,
      (connection) => connection.metadata.rating === String(newRating),
      15_000,
    );
    const read = await readConnectionOverHttp(world, alice.id);
    expect(read.platform_username).toBe("alice");
    expect(read.metadata.rating).toBe(String(newRating));
    await waitUntil(async () => (await queued(alice.id)) === undefined, {
      timeoutMs: 10_000,
      what: "the queued write to finish",
    });
    // The verification's write and this one.
    expect(world.discord.oauth2.roleConnectionWrites(alice.id)).toHaveLength(2);
  });

  it("marks a connection whose Discord token was revoked for re-verification, and stops writing it", async () => {
    const bob = world.members.bob;
    await linkMember(world, bob.id, keyOf(world, "bob"));
    await verifyLinkedRoles(world, bob.id);
    await world.discord.oauth2.waitForRoleConnection(bob.id);
    // Bob removes the app's authorization: Discord revokes the grant, both its tokens.
    const revoked = await fetch(`${world.discord.apiUrl}/v10/oauth2/token/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token: (await stored(bob.id))?.credential.refreshToken ?? "",
        client_id: world.discord.oauth2.clientId,
        client_secret: world.discord.oauth2.clientSecret,
      }),
    });
    expect(revoked.status).toBe(200);

    await changeRating(world, world.bot, "bob", platformUser(world, "bob").rating + 12);
    await waitUntil(async () => (await stored(bob.id))?.status === "reverify_needed", {
      timeoutMs: 15_000,
      what: "bob's connection to be marked for re-verification",
    });
    await waitUntil(async () => (await queued(bob.id)) === undefined, {
      timeoutMs: 10_000,
      what: "the refused write to leave the queue unretried",
    });
    // A later change queues nothing for him: the webhook's commit came before its 200.
    await changeRating(world, world.bot, "bob", platformUser(world, "bob").rating + 5);
    expect(await queued(bob.id)).toBeUndefined();
    expect(world.discord.oauth2.roleConnectionWrites(bob.id)).toHaveLength(1);
    expect((await stored(bob.id))?.status).toBe("reverify_needed");
  });

  it("clears the connection and forgets the Discord token when the member unlinks their last server", async () => {
    const alice = world.members.alice;
    const unlinked = await world.discord
      .runCommand({ guildId: world.guildId, channelId: world.channelId, userId: alice.id, name: "unlink" })
      .waitForFinal();
    expect(unlinked.content).toMatch(/unlinked|forgot/i);
    await world.discord.oauth2.waitForRoleConnection(
      alice.id,
      (connection) => Object.keys(connection.metadata).length === 0,
      15_000,
    );
    expect(await readConnectionOverHttp(world, alice.id)).toEqual({
      platform_name: null,
      platform_username: null,
      metadata: {},
    });
    await waitUntil(async () => (await stored(alice.id)) === undefined, {
      timeoutMs: 10_000,
      what: "alice's sealed Discord token to be deleted",
    });
    // The worker finishes the row after the write that deleted the token.
    await waitUntil(async () => (await queued(alice.id)) === undefined, {
      timeoutMs: 10_000,
      what: "the clearing write to leave the queue",
    });
    expect(world.discord.oauth2.roleConnectionWrites(alice.id).at(-1)).toEqual({
      platform_name: null,
      platform_username: null,
      metadata: {},
    });
  });

  it("clears the connection of a member whose only server's data is purged after it removed the bot", async () => {
    const second = world.discord.createGuild({ name: "Second", channels: ["general"] });
    const channelId = [...second.channels.keys()][0] ?? "";
    await deployCommands(
      world.bot.deps.rest,
      { applicationId: world.discord.applicationId, guildId: second.id },
      commandData,
    );
    const carol = world.discord.createMember(second.id, { username: "carol" });
    const prompt = await world.discord
      .runCommand({ guildId: second.id, channelId, userId: carol.id, name: "link" })
      .waitForFinal();
    const press = world.discord.pressButton({ message: prompt, customId: "link:api-key", userId: carol.id });
    await press.modal();
    const linked = await world.discord
      .submitModal({ from: press, customId: "link-key", fields: { key: keyOf(world, "carol") } })
      .waitForFinal();
    expect(linked.content).toMatch(/^Linked as/);
    await verifyLinkedRoles(world, carol.id);
    await world.discord.oauth2.waitForRoleConnection(
      carol.id,
      (connection) => connection.platform_username === "carol",
    );

    world.discord.removeBotFromGuild(second.id);
    await waitUntil(async () => (await findGuildRemoval(world.bot.deps.db, second.id)) !== undefined, {
      timeoutMs: 10_000,
      what: "the bot to record its removal from the second server",
    });
    // The hourly purge with its grace period over: -1 ms, so a removal recorded this very millisecond counts.
    const purged = await purgeRemovedGuilds({
      db: world.bot.deps.db,
      secretBox: world.bot.deps.secretBox,
      clock: world.bot.deps.clock,
      logger: world.bot.deps.logger,
      guildDataGraceMs: -1,
      queueOAuthTokens: world.bot.deps.config.platform.oauth !== undefined,
      wakeRoleConnectionWorker: () => {
        world.bot.roleConnections.wake();
      },
    });
    expect(purged).toEqual([second.id]);
    await world.discord.oauth2.waitForRoleConnection(
      carol.id,
      (connection) => Object.keys(connection.metadata).length === 0 && connection.platform_username === null,
      15_000,
    );
    await waitUntil(async () => (await stored(carol.id)) === undefined, {
      timeoutMs: 10_000,
      what: "carol's sealed Discord token to be deleted",
    });
  });

  it("shows the account a verified member links next as soon as it is linked, with no event needed", async () => {
    const erin = world.discord.createMember(world.guildId, { username: "erin" });
    await linkMember(world, erin.id, keyOf(world, "bob"));
    await verifyLinkedRoles(world, erin.id);
    await world.discord.oauth2.waitForRoleConnection(
      erin.id,
      (connection) => connection.platform_username === "bob",
    );

    // A personal link, made in a DM with the bot, is the account the profile shows (outside any server).
    world.discord.oauth2.installForUser(erin.id);
    const prompt = await world.discord
      .runUserInstallCommand({ userId: erin.id, context: "bot-dm", name: "link" })
      .waitForFinal();
    const press = world.discord.pressButton({ message: prompt, customId: "link:api-key", userId: erin.id });
    await press.modal();
    const linked = await world.discord
      .submitModal({ from: press, customId: "link-key", fields: { key: keyOf(world, "dave") } })
      .waitForFinal();
    expect(linked.content).toMatch(/^Linked as \*\*dave\*\*/);
    await world.discord.oauth2.waitForRoleConnection(
      erin.id,
      (connection) => connection.platform_username === "dave",
      15_000,
    );
    expect((await readConnectionOverHttp(world, erin.id)).platform_username).toBe("dave");
  });

  it("asks a member whose key the platform no longer takes to link again, and clears what the profile showed", async () => {
    const frank = world.discord.createMember(world.guildId, { username: "frank" });
    await linkMember(world, frank.id, keyOf(world, "carol"));
    await verifyLinkedRoles(world, frank.id);
    expect((await readConnectionOverHttp(world, frank.id)).platform_username).toBe("carol");
    // carol's key is revoked on the platform: GET /users/me with it is 401 from now on.
    const carolId = platformUser(world, "carol").id;
    for (const [id, key] of world.sandbox.state.apiKeys) {
      if (key.userId === carolId) world.sandbox.state.apiKeys.delete(id);
    }

    const page = await openLinkedRolesVerification(world, frank.id);
    expect(page.status).toBe(400);
    const text = await page.text();
    expect(text).toContain("Your platform link needs renewing, so nothing was shown on your profile.");
    expect(text).not.toContain("right now");
    // As the page says: the values of the first verification no longer meet any role's requirements.
    const connection = await readConnectionOverHttp(world, frank.id);
    expect(connection.platform_username).toBeNull();
    expect(connection.metadata).toEqual({});
  });

  it("clears the connection of a verified member once the platform refuses their key, not keep its values", async () => {
    const gina = world.discord.createMember(world.guildId, { username: "gina" });
    await linkMember(world, gina.id, keyOf(world, "bob"));
    await verifyLinkedRoles(world, gina.id);
    await world.discord.oauth2.waitForRoleConnection(
      gina.id,
      (connection) => connection.platform_username === "bob",
    );
    const bobId = platformUser(world, "bob").id;
    for (const [id, key] of world.sandbox.state.apiKeys) {
      if (key.userId === bobId) world.sandbox.state.apiKeys.delete(id);
    }

    await changeRating(world, world.bot, "bob", platformUser(world, "bob").rating + 12);
    await world.discord.oauth2.waitForRoleConnection(
      gina.id,
      (connection) => Object.keys(connection.metadata).length === 0 && connection.platform_username === null,
      15_000,
    );
    await waitUntil(async () => (await queued(gina.id)) === undefined, {
      timeoutMs: 10_000,
      what: "the clearing write to leave the queue",
    });
    // The Discord token stays: the member is still linked here, and shows the account once it works again.
    expect(await stored(gina.id)).toBeDefined();
  });

  it("revokes the Discord grant of a verification that failed after its code was exchanged", async () => {
    const hana = world.discord.createMember(world.guildId, { username: "hana" });
    // Discord learns nothing of the member for the bot: the tokens it just got would be stored nowhere.
    world.discord.setRouteOutage("GET /users/@me", true);
    let page: Response;
    try {
      page = await openLinkedRolesVerification(world, hana.id);
    } finally {
      world.discord.setRouteOutage("GET /users/@me", false);
    }
    expect(page.status).toBe(502);
    await waitUntil(() => Promise.resolve(world.discord.oauth2.unrevokedGrantsOf(hana.id) === 0), {
      timeoutMs: 10_000,
      what: "the failed verification's grant to be revoked at Discord",
    });
    expect(await stored(hana.id)).toBeUndefined();
    expect(world.logs()).not.toContain(linkedRolesClientSecret);
  });
});
