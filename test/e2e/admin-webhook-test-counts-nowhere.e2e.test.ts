// `/setup webhook test` makes the platform send a realistic result naming two linked members
// (docs/platform-assumptions.md, "Test deliveries"): it is posted labelled as a test, pinging no one, and the
// server's week (the digest, `/leaderboard server`, member activity) stays what the one real battle made it.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StoredMessage } from "../../fake-discord/index.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { field } from "./support/message-parts.js";
import { keyOf } from "./support/sandbox-keys.js";

describe("/setup webhook test, once the event arrives", () => {
  let world: EndToEnd;
  let resultsChannel: string;
  let weeklyChannel: string;
  let realPost: StoredMessage;

  const runCommand = (command: Parameters<EndToEnd["discord"]["runCommand"]>[0]) =>
    world.discord.runCommand(command).waitForFinal();
  const subscribe = (channel: string, events: string) => world.runAsAdmin("subscribe", { channel, events });
  const leaderboardWeek = async () => {
    const reply = await runCommand({
      guildId: world.guildId,
      channelId: world.channelId,
      userId: world.members.alice.id,
      name: "leaderboard",
      subcommand: "server",
      options: { period: "week" },
    });
    // The ranking without its heading, whose "since" moves with the clock.
    return reply.embeds[0]?.description?.split("\n").slice(2) ?? [];
  };
  const memberActivityRows = async () =>
    (await world.bot.deps.db.selectFrom("member_activity").selectAll().execute()).length;

  async function platform(path: string, key: string, body: unknown): Promise<string> {
    const response = await fetch(`${world.sandbox.url}/v1${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status).toBeLessThan(300);
    return ((await response.json()) as { id?: string }).id ?? "";
  }

  beforeAll(async () => {
    world = await startEndToEnd();
    const carolKey = world.sandbox.control.createApiKey({ username: "carol", level: "write" }).key;
    await linkMember(world, world.members.admin.id, carolKey);
    await linkMember(world, world.members.alice.id, keyOf(world, "alice"));
    await linkMember(world, world.members.bob.id, keyOf(world, "bob"));
    resultsChannel = world.discord.createChannel(world.guildId, { name: "results" }).id;
    weeklyChannel = world.discord.createChannel(world.guildId, { name: "weekly" }).id;
    await subscribe(resultsChannel, "battle.completed");
    await subscribe(weeklyChannel, "system.leaderboard_updated");
    await runCommand({
      guildId: world.guildId,
      channelId: world.channelId,
      userId: world.members.admin.id,
      name: "setup",
      subcommandGroup: "webhook",
      subcommand: "register",
    });

    // One real battle: alice beats bob.
    const alice = keyOf(world, "alice");
    const bob = keyOf(world, "bob");
    const battleId = await platform("/battles", alice, {
      type: "realtime",
      difficulty: "easy",
      language: "python",
      participants: 2,
    });
    await platform(`/battles/${battleId}/join`, alice, {});
    await platform(`/battles/${battleId}/join`, bob, {});
    await platform(`/battles/${battleId}/submit`, alice, { language: "python", code: "print('PASS')" });
    await platform(`/battles/${battleId}/submit`, bob, { language: "python", code: "FAIL" });
    await world.sandbox.idle();
    realPost = await world.discord.waitForMessage(
      resultsChannel,
      (message) => message.embeds.length > 0,
      15_000,
    );
  }, 90_000);
  afterAll(async () => {
    await world.close();
  });

  it("posts the test labelled as a test, pinging no one, and changes nothing the server's week shows", async () => {
    const weekBefore = await leaderboardWeek();
    const activityBefore = await memberActivityRows();
    expect(weekBefore).toEqual([
      expect.stringMatching(/^\*\*1\.\*\* <@\d+> \(alice\) · .* · 1 win in 1 battle ← you$/u),
      expect.stringMatching(/^\*\*2\.\*\* <@\d+> \(bob\) · .* · 0 wins in 1 battle$/u),
    ]);

    const handle = world.discord.runCommand({
      guildId: world.guildId,
      channelId: world.channelId,
      userId: world.members.admin.id,
      name: "setup",
      subcommandGroup: "webhook",
      subcommand: "test",
    });
    await handle.waitForFinal();
    // The reply is edited from its progress lines (⏳, 📨) into the outcome once the event arrived.
    const outcome = await vi.waitFor(
      () => {
        const content = handle.original()?.content ?? "";
        if (/^[⏳📨]/u.test(content) || content === "") throw new Error("still testing");
        return content;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(outcome).toMatch(/^✅ The test `battle.completed` event arrived/);
    const post = await world.discord.waitForMessage(
      resultsChannel,
      (message) => message.id !== realPost.id,
      15_000,
    );

    expect(post.embeds[0]?.author?.name).toBe(
      "🧪 Test event from the platform: not a real result, and it counts nowhere",
    );
    expect(post.embeds[0]?.title).toBe("🏁 Battle finished: Two Sum");
    expect(post.content).toBe("");
    expect(post.allowedMentions).toEqual({ parse: [], users: [], roles: [] });
    expect(post.mentionedUserIds).toEqual([]);
    expect(JSON.stringify(post.embeds)).not.toMatch(/<@!?\d+>/);
    expect(post.components).toEqual([]);
    expect(JSON.stringify(post.embeds)).toContain("alice");

    expect(await memberActivityRows()).toBe(activityBefore);
    expect(await leaderboardWeek()).toEqual(weekBefore);

    world.sandbox.control.refreshLeaderboard();
    await world.sandbox.idle();
    const digest = await world.discord.waitForMessage(
      weeklyChannel,
      (message) => message.embeds.length > 0,
      15_000,
    );
    expect(field(digest, "⚔️ Most battles won")).toBe(`<@${world.members.alice.id}> — 1 win in 1 battle`);
  }, 90_000);
});
