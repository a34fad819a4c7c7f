import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSubscription } from "../../src/store/subscriptions.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";

const operatorSecret = "operator-webhook-secret-for-e2e";

describe("webhooks in, announcements out, end to end", () => {
  let world: EndToEnd;
  let resultsChannel: string;
  let aliceKey: string;
  let bobKey: string;
  let elsewhereChannel: string;
  let hardOnlyChannel: string;
  /** The battle the results test plays, whose rating changes the next test reads. */
  let playedBattleId = "";

  beforeAll(async () => {
    world = await startEndToEnd({ env: { PLATFORM_WEBHOOK_SECRET: operatorSecret } });
    const writeKeys = world.sandbox.keys.filter((key) => key.level !== "read");
    aliceKey = writeKeys[0]?.key ?? "";
    bobKey = writeKeys[1]?.key ?? "";
    await linkMember(world, world.members.alice.id, aliceKey);
    await linkMember(world, world.members.bob.id, bobKey);
    resultsChannel = world.discord.createChannel(world.guildId, { name: "results" }).id;

    // The admin routes battle results, rating changes and tournament starts into #results.
    const subscribed = await world.runAsAdmin("subscribe", { channel: resultsChannel });
    expect(subscribed.content + JSON.stringify(subscribed.embeds)).toMatch(/results/i);

    // A channel that only wants hard battles: the easy battle below must not reach it.
    hardOnlyChannel = world.discord.createChannel(world.guildId, { name: "hard-only" }).id;
    await world.runAsAdmin("subscribe", {
      channel: hardOnlyChannel,
      events: "battle.completed",
      difficulty: "hard",
    });

    // Another server subscribed to the same kinds, where neither player is linked.
    const elsewhere = world.discord.createGuild({ name: "Elsewhere", channels: ["feed"] });
    elsewhereChannel = [...elsewhere.channels.keys()][0] ?? "";
    await createSubscription(world.bot.deps.db, {
      guildId: elsewhere.id,
      channelId: elsewhereChannel,
      eventKinds: ["battle.completed", "user.rating_changed"],
      filters: {},
      createdBy: world.members.admin.id,
      now: Date.now(),
    });

    // The operator's webhook: the platform signs every event with the operator secret.
    const registered = await fetch(`${world.sandbox.url}/api/v1/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${aliceKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        url: `${world.publicUrl}/webhooks/platform`,
        events: [
          "battle.created",
          "battle.started",
          "battle.completed",
          "user.rating_changed",
          "system.tournament_started",
        ],
        secret: operatorSecret,
      }),
    });
    expect(registered.status).toBeLessThan(300);
  });
  afterAll(async () => {
    await world.close();
  });

  async function platform(path: string, key: string, body?: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(`${world.sandbox.url}/v1${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as Record<string, unknown>;
  }

  it("posts a played battle's result in the subscribed channel and edits the battle card", async () => {
    const card = await world.discord
      .runCommand({
        guildId: world.guildId,
        channelId: world.channelId,
        userId: world.members.alice.id,
        name: "battle",
        subcommand: "create",
        options: { difficulty: "easy", language: "python" },
      })
      .waitForFinal();
    const battleId =
      /bat_[\w-]+/.exec(JSON.stringify(card.embeds) + JSON.stringify(card.components))?.[0] ?? "";
    expect(battleId).not.toBe("");
    playedBattleId = battleId;

    // The creator takes a seat too; the battle completes once every seat has submitted.
    await platform(`/battles/${battleId}/join`, aliceKey, {});
    await platform(`/battles/${battleId}/join`, bobKey, {});
    await platform(`/battles/${battleId}/submit`, aliceKey, { language: "python", code: "print('PASS')" });
    await platform(`/battles/${battleId}/submit`, bobKey, { language: "python", code: "FAIL" });
    expect((await platform(`/battles/${battleId}`, aliceKey)).status).toBe("completed");

    const result = await world.discord.waitForMessage(
      resultsChannel,
      (message) =>
        JSON.stringify(message.embeds).includes(battleId) ||
        /won|result/i.test(JSON.stringify(message.embeds)),
      15_000,
    );
    expect(result.allowedMentions?.parse ?? []).toEqual([]);
    for (const user of result.allowedMentions?.users ?? []) {
      expect([world.members.alice.id, world.members.bob.id]).toContain(user);
    }

    // The hard-only channel's filter held.
    await world.bot.outbox.runOnce();
    expect(world.discord.messages(hardOnlyChannel)).toEqual([]);

    // The card in #general was edited live to show the battle is over.
    await expect
      .poll(() => JSON.stringify(world.discord.message(card.id)?.embeds ?? []), { timeout: 15_000 })
      .toMatch(/completed/i);
  }, 40_000);

  it("posts the battle's rating changes as one summary, only where the players are linked", async () => {
    const ratingPosts = (channelId: string) =>
      world.discord.messages(channelId).filter((message) => /rating/i.test(JSON.stringify(message.embeds)));
    await expect.poll(() => ratingPosts(resultsChannel).length, { timeout: 15_000 }).toBe(1);
    const [summary] = ratingPosts(resultsChannel);
    // The changes name only the battle; the summary names it by its problem, as its own events told the bot.
    const battle = world.sandbox.state.battles.get(playedBattleId);
    const problem = world.sandbox.state.problems.find((candidate) => candidate.id === battle?.problemId);
    expect(problem?.title).toMatch(/\w/);
    expect(summary?.embeds[0]?.title).toBe(
      `Rating changes after the ${problem?.title ?? ""} battle: 2 members`,
    );
    // Both linked players are named by mention, one line each, and nobody is pinged.
    const lines = summary?.embeds[0]?.description?.split("\n") ?? [];
    expect(lines).toHaveLength(2);
    expect(lines.join("\n")).toContain(`<@${world.members.alice.id}>`);
    expect(lines.join("\n")).toContain(`<@${world.members.bob.id}>`);
    expect(summary?.mentionedUserIds).toEqual([]);
    await world.bot.outbox.runOnce();
    expect(ratingPosts(resultsChannel)).toHaveLength(1);
    // The other server got the battle result (battle events go to every subscribed channel) but no rating change.
    await expect
      .poll(() => world.discord.messages(elsewhereChannel).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    await world.bot.outbox.runOnce();
    expect(ratingPosts(elsewhereChannel)).toEqual([]);
  }, 30_000);

  it("announces a tournament start with a working Register button", async () => {
    const bobUserId = world.sandbox.keys.find((key) => key.key === bobKey)?.userId ?? "";
    const open = [...world.sandbox.state.tournaments.values()].find(
      (tournament) => tournament.status === "open" && !tournament.registrations.has(bobUserId),
    );
    expect(open).toBeDefined();
    world.sandbox.control.startTournament(open?.id ?? "");
    const announcement = await world.discord.waitForMessage(
      resultsChannel,
      (message) => JSON.stringify(message.components).includes(`tournament:register:${open?.id ?? ""}`),
      15_000,
    );
    expect(announcement.embeds.length).toBeGreaterThan(0);

    // Pressing Register on the announcement registers the member on the platform.
    const press = world.discord.pressButton({
      message: announcement,
      customId: `tournament:register:${open?.id ?? ""}`,
      userId: world.members.bob.id,
    });
    const reply = await press.waitForFinal();
    expect(reply.content + JSON.stringify(reply.embeds)).not.toMatch(/already registered|no longer/i);
    expect(reply.content + JSON.stringify(reply.embeds)).toMatch(/registered/i);
    expect(open?.registrations.has(bobUserId)).toBe(true);
  }, 30_000);

  it("answers a duplicate delivery without posting twice", async () => {
    const before = world.discord.messages(resultsChannel).length;
    const body = JSON.stringify({
      id: "evt_duplicate_check",
      event: "system.tournament_started",
      created: new Date().toISOString(),
      data: { object: "tournament", id: "trn_dup", title: "Duplicate Cup" },
    });
    const { createHmac } = await import("node:crypto");
    const signature = createHmac("sha256", operatorSecret).update(body).digest("hex");
    const send = () =>
      fetch(`${world.publicUrl}/webhooks/platform`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-service-signature": `sha256=${signature}` },
        body,
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { status: string },
      }));
    expect((await send()).body.status).toBe("accepted");
    expect(await send()).toEqual({
      status: 200,
      body: { status: "duplicate", eventId: "evt_duplicate_check" },
    });
    await world.discord.waitForMessage(resultsChannel, (message) =>
      JSON.stringify(message.embeds).includes("Duplicate Cup"),
    );
    await world.bot.outbox.runOnce();
    expect(world.discord.messages(resultsChannel).length).toBe(before + 1);

    const forged = await fetch(`${world.publicUrl}/webhooks/platform`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-service-signature": "sha256=" + "0".repeat(64) },
      body,
    });
    expect(forged.status).toBe(401);
  }, 30_000);
});
