import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeUser } from "../../fake-discord/index.js";
import { listGuildSubscriptions, setSubscriptionStatus } from "../../src/store/subscriptions.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { keyOf } from "./support/sandbox-keys.js";
import { ephemeral } from "./support/message-parts.js";

describe("/subscribe, /subscriptions and /unsubscribe, end to end", () => {
  let world: EndToEnd;
  let results: string;
  let voice: string;
  let player: FakeUser;
  const at = () => ({ guildId: world.guildId, channelId: world.channelId });
  const run = (name: string, options: Record<string, string | number | boolean> = {}, userId?: string) =>
    world.discord
      .runCommand({ ...at(), userId: userId ?? world.members.admin.id, name, options })
      .waitForFinal();
  const routes = () => listGuildSubscriptions(world.bot.deps.db, world.guildId);

  beforeAll(async () => {
    world = await startEndToEnd();
    results = world.discord.createChannel(world.guildId, { name: "results" }).id;
    voice = world.discord.createChannel(world.guildId, { name: "lounge", type: 2 }).id;
    player = world.members.alice;
  });
  afterAll(async () => {
    await world.close();
  });

  it("subscribes a channel to the default kinds and says no webhook feeds the server yet", async () => {
    const reply = await run("subscribe", { channel: results });
    expect(reply.flags & ephemeral).toBe(ephemeral);
    expect(reply.content).toContain(`Subscribed <#${results}>.`);
    expect(reply.content).toContain("Receives: **Battle results, Rating changes, Tournament starts**");
    expect(reply.content).toContain("run `/setup webhook register`");
    expect(await routes()).toMatchObject([
      {
        channelId: results,
        eventKinds: ["battle.completed", "user.rating_changed", "system.tournament_started"],
        filters: {},
        createdBy: world.members.admin.id,
        status: "active",
      },
    ]);
  });

  it("adds kinds and filters to the channel's route, GitHub-app style", async () => {
    const reply = await run("subscribe", {
      channel: results,
      events: "team.*, battle.completed",
      difficulty: "hard",
      "min-rating-change": 15,
    });
    expect(reply.content).toContain(`<#${results}> now also receives **Teams created, Team members joined`);
    expect(reply.content).toContain("Filters: hard only · rating changes of ±15 or more");
    const [route] = await routes();
    expect(route?.eventKinds).toEqual([
      "battle.completed",
      "user.rating_changed",
      "team.created",
      "team.member_joined",
      "team.battle_completed",
      "system.tournament_started",
    ]);
    expect(route?.filters).toEqual({ difficulty: "hard", minRatingChange: 15 });
    expect(await routes()).toHaveLength(1);
  });

  it("refuses unknown kinds and channels it cannot post in, changing nothing", async () => {
    const before = await routes();
    const unknown = await run("subscribe", { channel: results, events: "battle.completed, battle.won" });
    expect(unknown.flags & ephemeral).toBe(ephemeral);
    expect(unknown.content).toMatch(/^Unknown event kind: `battle.won`\./);
    const notText = await run("subscribe", { channel: voice });
    expect(notText.content).toMatch(/Pick a text or announcement channel/);
    expect(await routes()).toEqual(before);
  });

  it("filters by a tournament id as the platform writes it (`trn_…`), and `any` removes the filter", async () => {
    const [tournamentId] = [...world.sandbox.state.tournaments.keys()];
    expect(tournamentId).toMatch(/^trn_/);
    const filtered = await run("subscribe", { channel: results, tournament: tournamentId ?? "" });
    expect(filtered.content).toContain(`tournament \`${tournamentId ?? ""}\``);
    expect((await routes())[0]?.filters).toMatchObject({ tournamentId });
    await run("subscribe", { channel: results, tournament: "any" });
    expect((await routes())[0]?.filters).not.toHaveProperty("tournamentId");
    const mention = await run("subscribe", { channel: results, tournament: `<#${results}>` });
    expect(mention.content).toBe("That is not a tournament id; pick one from the list.");
  });

  it("refuses a tournament id the platform does not write, and says one it could not check was not checked", async () => {
    const before = await routes();
    const title = await run("subscribe", { channel: results, tournament: "SpringCup" });
    expect(title.content).toMatch(
      /^`SpringCup` is not a tournament id: the platform's ids are a word, an underscore/,
    );
    expect(await routes()).toEqual(before);

    const unchecked = await run("subscribe", { channel: results, tournament: "trn_typo" });
    expect(unchecked.content).toContain(
      "⚠️ The tournament `trn_typo` could not be checked (you have no platform account linked in this server: `/link`)",
    );
    expect((await routes())[0]?.filters).toMatchObject({ tournamentId: "trn_typo" });
    await run("subscribe", { channel: results, tournament: "any" });
  });

  it("asks the platform, as the linked admin, whether the tournament exists", async () => {
    await linkMember(world, world.members.admin.id, keyOf(world, "bob"));
    const before = await routes();
    const typo = await run("subscribe", { channel: results, tournament: "trn_typo" });
    expect(typo.content).toBe(
      "The platform has no tournament `trn_typo`. Pick one from the list, or `any` to remove the filter; nothing was changed.",
    );
    expect(await routes()).toEqual(before);

    const [tournamentId = ""] = [...world.sandbox.state.tournaments.keys()];
    const known = await run("subscribe", { channel: results, tournament: tournamentId });
    expect(known.content).toContain(`tournament \`${tournamentId}\``);
    expect(known.content).not.toContain("could not be checked");
    expect((await routes())[0]?.filters).toMatchObject({ tournamentId });
    await run("subscribe", { channel: results, tournament: "any" });
  });

  it("suggests kinds and presets, completing a comma list", async () => {
    const choices = await world.discord
      .autocomplete({
        ...at(),
        userId: world.members.admin.id,
        name: "subscribe",
        options: { channel: results },
        focused: { name: "events", value: "battle.completed, rating" },
      })
      .choices();
    expect(choices).toContainEqual({
      name: "Battle results (battle.completed) + Rating changes (user.rating_changed)",
      value: "battle.completed, user.rating_changed",
    });
  });

  it("is hidden from members without Manage Server, and refused at run time if a server shows it", async () => {
    expect(() => world.discord.runCommand({ ...at(), userId: player.id, name: "subscriptions" })).toThrow(
      /cannot use \/subscriptions/,
    );
    const before = await routes();
    const refused = await world.discord
      .runCommand({
        ...at(),
        userId: player.id,
        name: "unsubscribe",
        options: { channel: results },
        bypassCommandPermissions: true,
      })
      .waitForFinal();
    expect(refused.flags & ephemeral).toBe(ephemeral);
    expect(refused.content).toBe("You need the Manage Server permission to use /unsubscribe.");
    expect(await routes()).toEqual(before);
  });

  it("lists routes with their status, and /subscribe resumes a paused one", async () => {
    const [route] = await routes();
    await setSubscriptionStatus(world.bot.deps.db, {
      id: route?.id ?? "",
      status: "paused",
      reason: "403 Missing Access (50001)",
      now: Date.now(),
    });
    const list = await run("subscriptions");
    expect(list.flags & ephemeral).toBe(ephemeral);
    expect(list.embeds[0]?.title).toBe("Announcement routes: 1 paused");
    expect(list.embeds[0]?.description).toContain(`<#${results}> · ⏸️ paused (403 Missing Access (50001))`);

    const resumed = await run("subscribe", { channel: results });
    expect(resumed.content).toContain(`Resumed announcements in <#${results}>`);
    expect((await routes())[0]).toMatchObject({ status: "active", statusReason: null });
  });

  it("suggests this server's routes and, once a channel is picked, only its kinds", async () => {
    const autocomplete = (focused: { name: string; value: string }, options: Record<string, string> = {}) =>
      world.discord
        .autocomplete({ ...at(), userId: world.members.admin.id, name: "unsubscribe", options, focused })
        .choices();
    const channels = await autocomplete({ name: "channel", value: "res" });
    expect(channels).toHaveLength(1);
    expect(channels[0]?.value).toBe(results);
    expect(channels[0]?.name).toMatch(/^#results — Battle results, Rating changes, Teams created/);

    const kinds = await autocomplete({ name: "events", value: "team" }, { channel: results });
    expect(kinds.map((choice) => choice.value)).toEqual([
      "team.created",
      "team.member_joined",
      "team.battle_completed",
    ]);
  });

  it("suggests nothing to a member without Manage Server who sees /unsubscribe through an override", async () => {
    const autocomplete = (userId: string, focused: { name: string; value: string }) =>
      world.discord
        .autocomplete({ ...at(), userId, name: "unsubscribe", options: { channel: results }, focused })
        .choices();
    expect(await autocomplete(player.id, { name: "channel", value: "res" })).toEqual([]);
    expect(await autocomplete(player.id, { name: "events", value: "" })).toEqual([]);
    const forAdmin = await autocomplete(world.members.admin.id, { name: "channel", value: "res" });
    expect(forAdmin.map((choice) => choice.value)).toEqual([results]);
  });

  it("removes some kinds, then the whole route", async () => {
    const reduced = await run("unsubscribe", { channel: results, events: "team.*" });
    expect(reduced.content).toContain(
      `<#${results}> no longer receives **Teams created, Team members joined, Team battle results**.`,
    );
    expect((await routes())[0]?.eventKinds).toEqual([
      "battle.completed",
      "user.rating_changed",
      "system.tournament_started",
    ]);
    const removed = await run("unsubscribe", { channel: `<#${results}>` });
    expect(removed.content).toBe(
      `Removed the subscription of <#${results}>: the bot no longer posts events there.`,
    );
    expect(await routes()).toEqual([]);
    const again = await run("unsubscribe", { channel: results });
    expect(again.content).toMatch(/has no subscription/);
  });

  it("takes a typed #name two channels share as the one of them subscribed, and asks when both are", async () => {
    const first = world.discord.createChannel(world.guildId, { name: "news" }).id;
    const second = world.discord.createChannel(world.guildId, { name: "news" }).id;
    await run("subscribe", { channel: second });
    const removed = await run("unsubscribe", { channel: "#news" });
    expect(removed.content).toBe(
      `Removed the subscription of <#${second}>: the bot no longer posts events there.`,
    );
    expect(await routes()).toEqual([]);

    await run("subscribe", { channel: first });
    await run("subscribe", { channel: second });
    const ambiguous = await run("unsubscribe", { channel: "#news" });
    expect(ambiguous.content).toBe(
      `2 subscribed channels are named \`#news\`: <#${first}>, <#${second}>. ` +
        "Pick one from the list, or type its mention; nothing was changed.",
    );
    expect((await routes()).map((route) => route.channelId).sort()).toEqual([first, second].sort());
  });

  it("suggests the kinds of a channel typed as #name, not every route's", async () => {
    const scores = world.discord.createChannel(world.guildId, { name: "scores" }).id;
    await run("subscribe", { channel: scores, events: "battle.completed" });
    const kinds = await world.discord
      .autocomplete({
        ...at(),
        userId: world.members.admin.id,
        name: "unsubscribe",
        options: { channel: "#scores" },
        focused: { name: "events", value: "" },
      })
      .choices();
    // The two #news routes above hold rating changes and tournament starts too.
    expect(kinds.map((choice) => choice.value)).toEqual(["battle.completed", "all"]);
  });
});
