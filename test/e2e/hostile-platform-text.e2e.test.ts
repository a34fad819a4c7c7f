// A platform whose usernames, team names and problem and tournament titles are written to turn into markup,
// pings, links or reordered text: members link, play a battle, see ratings change and a tournament start, and
// run the commands that show platform text. Then everything the fake Discord holds is read back, and all
// of it must show that text inertly and allow no role or everyone ping (docs/architecture.md, "The rules
// the code keeps", "Platform text is inert").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandOptionValue, FakeUser, StoredMessage } from "../../fake-discord/index.js";
import { createSubscription } from "../../src/store/subscriptions.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { hostileNames, hostileProblemId, seedHostilePlatform } from "./support/hostile-platform.js";
import { expectEverythingInert } from "./support/inert-discord.js";
import { buttonLabelled } from "./support/message-parts.js";

const operatorSecret = "operator-webhook-secret-for-hostile-e2e";

describe("hostile platform text, end to end", () => {
  let world: EndToEnd;
  let resultsChannel: string;
  let elsewhereChannel: string;
  let keys: { aliceKey: string; bobKey: string };

  beforeAll(async () => {
    world = await startEndToEnd({ env: { PLATFORM_WEBHOOK_SECRET: operatorSecret } });
    keys = seedHostilePlatform(world.sandbox);
    resultsChannel = world.discord.createChannel(world.guildId, { name: "results" }).id;
    // A server where neither player is linked: its posts name them by their platform usernames.
    const elsewhere = world.discord.createGuild({ name: "Elsewhere", channels: ["feed"] });
    elsewhereChannel = [...elsewhere.channels.keys()][0] ?? "";
    await createSubscription(world.bot.deps.db, {
      guildId: elsewhere.id,
      channelId: elsewhereChannel,
      eventKinds: ["battle.completed", "team.created"],
      filters: {},
      createdBy: world.members.admin.id,
      now: Date.now(),
    });
    const registered = await fetch(`${world.sandbox.url}/api/v1/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${keys.aliceKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        url: `${world.publicUrl}/webhooks/platform`,
        events: [
          "battle.created",
          "battle.started",
          "battle.submission",
          "battle.completed",
          "user.rating_changed",
          "team.created",
          "user.profile_updated",
          "system.tournament_started",
          "user.achievement_earned",
          "system.leaderboard_updated",
        ],
        secret: operatorSecret,
      }),
    });
    expect(registered.status).toBe(201);
  });
  afterAll(async () => {
    await world.close();
  });

  const run = (
    user: FakeUser,
    name: string,
    subcommand?: string,
    options?: Record<string, CommandOptionValue>,
  ) =>
    world.discord
      .runCommand({
        guildId: world.guildId,
        channelId: world.channelId,
        userId: user.id,
        name,
        ...(subcommand === undefined ? {} : { subcommand }),
        ...(options === undefined ? {} : { options }),
      })
      .waitForFinal();
  const shown = (message: StoredMessage) => JSON.stringify([message.content, message.embeds]);
  const posted = (predicate: (text: string) => boolean, channelId = resultsChannel) =>
    world.discord.waitForMessage(channelId, (message) => predicate(shown(message)), 10_000);

  async function submitFromCard(user: FakeUser, card: StoredMessage, code: string): Promise<void> {
    const press = world.discord.pressButton({
      message: card,
      customId: buttonLabelled(card, "Submit code").custom_id,
      userId: user.id,
    });
    await press.modal();
    await world.discord.submitModal({ from: press, fields: { language: "python", code } }).waitForFinal();
  }

  it("shows every hostile name as text and lets nothing ping a role or everyone", async () => {
    const { alice, bob, admin } = world.members;
    expect(await linkMember(world, alice.id, keys.aliceKey)).toContain("Claim your prize");
    expect(await linkMember(world, bob.id, keys.bobKey)).toContain("everyone");
    await run(admin, "subscribe", undefined, {
      channel: resultsChannel,
      events:
        "battle.completed, user.rating_changed, team.created, user.profile_updated, system.tournament_started, " +
        "system.leaderboard_updated",
    });

    // A battle on a hostile problem between two hostile usernames, played from its card.
    const card = await run(alice, "battle", "create", { problem: hostileProblemId, participants: 2 });
    expect(shown(card)).toContain("big heading");
    const battleId = buttonLabelled(card, "Join").custom_id.replace("battle:join:", "");
    for (const user of [alice, bob]) {
      await world.discord
        .pressButton({ message: card, customId: `battle:join:${battleId}`, userId: user.id })
        .waitForFinal();
    }
    await submitFromCard(alice, card, "print('PASS')");
    await submitFromCard(bob, card, "FAIL");
    await posted((text) => text.includes("Battle finished"));
    await posted((text) => text.includes("Claim your prize") && text.includes("everyone"), elsewhereChannel);
    await expect
      .poll(() => shown(world.discord.message(card.id) ?? card), { timeout: 10_000 })
      .toContain("Completed");
    // The two players' rating changes come as one summary of the battle.
    await expect
      .poll(
        () =>
          world.discord.messages(resultsChannel).filter((message) => /rating/i.test(shown(message))).length,
        { timeout: 10_000 },
      )
      .toBe(1);

    // The commands that show platform text.
    expect(shown(await run(alice, "battle", "status", { id: battleId }))).toContain("everyone");
    await run(alice, "battle", "history");
    // The code form opened with a battle id a member typed.
    await world.discord
      .runCommand({
        guildId: world.guildId,
        channelId: world.channelId,
        userId: alice.id,
        name: "battle",
        subcommand: "submit",
        options: { id: "<@&123456789012345678> [x](https://evil.example)" },
      })
      .modal();
    expect(shown(await run(alice, "rank"))).toContain("Claim your prize");
    await run(alice, "rank", undefined, { member: bob.id });
    expect(shown(await run(alice, "profile", "view"))).toContain("Claim your prize");
    const edit = world.discord.runCommand({
      guildId: world.guildId,
      channelId: world.channelId,
      userId: alice.id,
      name: "profile",
      subcommand: "edit",
    });
    await edit.modal();
    const edited = await world.discord
      .submitModal({
        from: edit,
        fields: {
          displayName: hostileNames.displayName,
          bio: hostileNames.bio,
          location: hostileNames.location,
          website: "https://evil.example/site",
        },
      })
      .waitForFinal();
    expect(shown(edited)).toContain("all quoted");
    await run(bob, "profile", "view", { member: alice.id });
    await run(alice, "whoami");
    await run(alice, "stats");
    const team = await run(alice, "team", "create", {
      name: hostileNames.teamName,
      description: hostileNames.teamDescription,
    });
    expect(shown(team)).toContain("small print");
    const teamId = /team_[\w-]+/.exec(shown(team))?.[0] ?? "";
    expect(shown(await run(alice, "team", "invite", { team: teamId, member: bob.id }))).toContain("everyone");
    expect(shown(await run(alice, "tournament", "list"))).toContain("role");
    await run(alice, "tournament", "list", { status: "active" });
    const active = [...world.sandbox.state.tournaments.values()].find(
      (tournament) => tournament.status === "active",
    );
    await run(alice, "tournament", "leaderboard", { id: active?.id ?? "" });
    await run(alice, "leaderboard", "server");
    expect(shown(await run(alice, "leaderboard", "server", { period: "week" }))).toContain(
      "Claim your prize",
    );
    await run(alice, "leaderboard", "global");
    await world.discord
      .autocomplete({
        guildId: world.guildId,
        channelId: world.channelId,
        userId: alice.id,
        name: "tournament",
        subcommand: "register",
        focused: { name: "id", value: "" },
      })
      .choices();

    // A tournament with a hostile title starts.
    const open = [...world.sandbox.state.tournaments.values()].find(
      (tournament) => tournament.status === "open",
    );
    world.sandbox.control.startTournament(open?.id ?? "");
    await posted((text) => text.includes("Tournament") && text.includes("role"));
    await posted((text) => text.includes("small print"));
    // The platform's weekly refresh: the server's week, the hostile players' battle in it.
    world.sandbox.control.refreshLeaderboard();
    await posted((text) => text.includes("This server's week"));

    const sweep = expectEverythingInert(
      world.discord,
      Object.values(world.members).map((member) => member.id),
    );
    expect(sweep.messageVersions).toBeGreaterThan(30);
    // Two API-key forms, three code forms, one profile form.
    expect(sweep.modals).toBe(6);
    expect(sweep.choiceLists).toBe(1);
  }, 30_000);
});
