// A played week in the sandbox, end to end (docs/architecture.md, "The weekly digest"): three linked members
// play three battles (one climbs from silver to gold), the platform refreshes its leaderboard, and the channel
// subscribed to the refresh gets this server's week, once, with the numbers the platform's own ratings give;
// `/leaderboard server period:week` then ranks the same members with the same numbers.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeUser, StoredMessage } from "../../fake-discord/index.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { field } from "./support/message-parts.js";
import { keyOf } from "./support/sandbox-keys.js";

const operatorSecret = "operator-webhook-secret-for-digest-e2e";

interface Player {
  readonly name: string;
  readonly member: FakeUser;
  readonly key: string;
  readonly platformUserId: string;
  readonly ratingBefore: number;
}

describe("the weekly digest, end to end", () => {
  let world: EndToEnd;
  let weeklyChannel: string;
  let players: Record<"alice" | "bob" | "cyd", Player>;
  let digest: StoredMessage;
  const startedAt = Date.now();

  const sandboxUser = (id: string) => {
    const user = world.sandbox.state.users.get(id);
    if (user === undefined) throw new Error(`no sandbox user ${id}`);
    return user;
  };

  async function platform(path: string, key: string, body: unknown): Promise<{ id?: string }> {
    const response = await fetch(`${world.sandbox.url}/v1${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status).toBeLessThan(300);
    return (await response.json()) as { id?: string };
  }

  /** A two-seat battle the winner passes and the loser fails. */
  async function playBattle(winner: Player, loser: Player): Promise<void> {
    const created = await platform("/battles", winner.key, {
      type: "realtime",
      difficulty: "easy",
      language: "python",
      participants: 2,
    });
    const battleId = created.id ?? "";
    await platform(`/battles/${battleId}/join`, winner.key, {});
    await platform(`/battles/${battleId}/join`, loser.key, {});
    await platform(`/battles/${battleId}/submit`, winner.key, { language: "python", code: "print('PASS')" });
    await platform(`/battles/${battleId}/submit`, loser.key, { language: "python", code: "FAIL" });
  }

  beforeAll(async () => {
    world = await startEndToEnd({ env: { PLATFORM_WEBHOOK_SECRET: operatorSecret } });
    // Cyd is one good win below gold (1400): beating bob promotes him.
    world.sandbox.control.createUser({ username: "cyd", rating: 1395 });
    const cydKey = world.sandbox.control.createApiKey({ username: "cyd", level: "write" }).key;
    const cyd = world.discord.createMember(world.guildId, { username: "cyd" });
    const player = async (name: string, member: FakeUser, key: string): Promise<Player> => {
      await linkMember(world, member.id, key);
      const seeded = [...world.sandbox.state.users.values()].find((user) => user.username === name);
      if (seeded === undefined) throw new Error(`no sandbox user ${name}`);
      return { name, member, key, platformUserId: seeded.id, ratingBefore: seeded.rating };
    };
    players = {
      alice: await player("alice", world.members.alice, keyOf(world, "alice")),
      bob: await player("bob", world.members.bob, keyOf(world, "bob")),
      cyd: await player("cyd", cyd, cydKey),
    };

    weeklyChannel = world.discord.createChannel(world.guildId, { name: "weekly" }).id;
    const subscribed = await world.runAsAdmin("subscribe", {
      channel: weeklyChannel,
      events: "system.leaderboard_updated",
    });
    expect(JSON.stringify(subscribed)).toMatch(/weekly|leaderboard/i);

    const registered = await fetch(`${world.sandbox.url}/api/v1/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${players.alice.key}`, "content-type": "application/json" },
      body: JSON.stringify({
        url: `${world.publicUrl}/webhooks/platform`,
        events: [
          "battle.completed",
          "team.battle_completed",
          "user.rating_changed",
          "user.achievement_earned",
          "system.leaderboard_updated",
        ],
        secret: operatorSecret,
      }),
    });
    expect(registered.status).toBeLessThan(300);

    await playBattle(players.cyd, players.bob);
    await playBattle(players.alice, players.bob);
    await playBattle(players.cyd, players.alice);
    await world.sandbox.idle();
    world.sandbox.control.refreshLeaderboard();
    await world.sandbox.idle();
    digest = await world.discord.waitForMessage(
      weeklyChannel,
      (message) => message.embeds.length > 0,
      15_000,
    );
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  const mention = (player: Player) => `<@${player.member.id}>`;
  const gainOf = (player: Player) => sandboxUser(player.platformUserId).rating - player.ratingBefore;
  const ratingOf = (player: Player) => sandboxUser(player.platformUserId).rating;
  const signed = (change: number) => (change > 0 ? `+${String(change)}` : String(change));
  const wins = { alice: 1, bob: 0, cyd: 2 } as const;
  const winsOf = (player: Player) => wins[player.name as keyof typeof wins];
  /** Most gained first; among equal gains, more wins first (the order of both lists). */
  const byGain = (a: Player, b: Player) => gainOf(b) - gainOf(a) || winsOf(b) - winsOf(a);

  it("posts the server's week with the gains and losses the platform's ratings give", () => {
    const all = Object.values(players);
    const gainers = all.filter((player) => gainOf(player) > 0).sort(byGain);
    const losers = all
      .filter((player) => gainOf(player) < 0)
      .sort((a, b) => gainOf(a) - gainOf(b) || winsOf(b) - winsOf(a));
    const line = (player: Player) =>
      `${mention(player)} **${signed(gainOf(player))}** (now ${String(ratingOf(player))})`;

    expect(gainers.map((player) => player.name)).toEqual(["cyd"]);
    expect(field(digest, "📈 Biggest gains")).toBe(gainers.map(line).join("\n"));
    expect(field(digest, "📉 Biggest losses")).toBe(losers.map(line).join("\n"));
  });

  it("shows the promotion, the wins and the achievements of the week", () => {
    expect(ratingOf(players.cyd)).toBeGreaterThanOrEqual(1400);
    expect(field(digest, "⬆️ Promotions")).toBe(`${mention(players.cyd)} → **Gold**`);
    expect(field(digest, "⚔️ Most battles won")).toBe(
      `${mention(players.cyd)} — 2 wins in 2 battles\n${mention(players.alice)} — 1 win in 2 battles`,
    );
    const earned = world.sandbox.state.events
      .filter((event) => event.kind === "user.achievement_earned" && event.created >= startedAt)
      .map(
        (event) =>
          JSON.parse(event.payload) as { data: { user: { id: string }; achievement: { name: string } } },
      );
    const byMember = Object.values(players).flatMap((player) => {
      const names = earned.filter((event) => event.data.user.id === player.platformUserId);
      return names.length === 0 ? [] : [[player, names.map((event) => event.data.achievement.name)] as const];
    });
    expect(byMember.length).toBeGreaterThan(0);
    const shown = field(digest, "🏅 Achievements")?.split("\n") ?? [];
    expect([...shown].sort()).toEqual(
      byMember.map(([player, names]) => `${mention(player)} — ${names.join(", ")}`).sort(),
    );
  });

  it("mentions members without pinging anyone, and points to the full ranking", () => {
    expect(digest.content).toBe("");
    expect(digest.allowedMentions).toEqual({ parse: [], users: [], roles: [] });
    expect(digest.mentionedUserIds).toEqual([]);
    expect(digest.embeds[0]?.description).toContain("`/leaderboard server period:week`");
  });

  it("posts the week once, even when the platform delivers the refresh again", async () => {
    const refresh = world.sandbox.state.events.findLast(
      (event) => event.kind === "system.leaderboard_updated",
    );
    const body = refresh?.payload ?? "";
    const response = await fetch(`${world.publicUrl}/webhooks/platform`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-service-signature": `sha256=${createHmac("sha256", operatorSecret).update(body).digest("hex")}`,
      },
      body,
    });
    expect(await response.json()).toMatchObject({ status: "duplicate" });
    await world.bot.outbox.runOnce();
    expect(world.discord.messages(weeklyChannel).map((message) => message.id)).toEqual([digest.id]);
  });

  it("ranks the same members with the same numbers in /leaderboard server period:week", async () => {
    const reply = await world.discord
      .runCommand({
        guildId: world.guildId,
        channelId: world.channelId,
        userId: world.members.bob.id,
        name: "leaderboard",
        subcommand: "server",
        options: { period: "week" },
      })
      .waitForFinal();
    const ranked = Object.values(players).sort(byGain);
    const lines = ranked.map((player, index) => {
      const line =
        `**${String(index + 1)}.** ${mention(player)} (${player.name}) · **${signed(gainOf(player))}** · ` +
        `now ${String(ratingOf(player))} · ${String(winsOf(player))} ${winsOf(player) === 1 ? "win" : "wins"} ` +
        "in 2 battles";
      return player.name === "bob" ? `${line} ← you` : line;
    });
    expect(reply.embeds[0]?.description?.split("\n").slice(2)).toEqual(lines);
    expect(reply.mentionedUserIds).toEqual([]);
  });
});
