import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral } from "../../fake-discord/messages/message-types.js";
import { saveMemberLink } from "../../src/store/member-links.js";
import { findPlatformUser } from "../../src/store/platform-users.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { keyOf } from "./support/sandbox-keys.js";
import { attachedTexts, field } from "./support/message-parts.js";
import { platformUser, postToPlatform } from "./support/platform-api.js";
import { inputsOf, openEditor, profileUpdates, valuesOf } from "./support/profile-form.js";
import { unreachablePlatformUrl } from "./support/unreachable-platform.js";

/** Bob and alice battle; alice submits a full solution 125 s in and wins. */
async function playBattleAliceWins(world: EndToEnd): Promise<void> {
  const callPlatform = (username: string, path: string, body?: unknown) =>
    postToPlatform(world, keyOf(world, username), path, body);
  const battle = (await callPlatform("bob", "/battles", {
    type: "realtime",
    difficulty: "easy",
    language: "python",
    timeLimit: 600,
    participants: 2,
  })) as { id: string };
  await callPlatform("bob", `/battles/${battle.id}/join`);
  await callPlatform("alice", `/battles/${battle.id}/join`);
  await world.sandbox.advance(125_000);
  await callPlatform("alice", `/battles/${battle.id}/submit`, { language: "python", code: "# PASS" });
  world.sandbox.control.finishBattle(battle.id);
}

describe("/profile and /stats, end to end", () => {
  let world: EndToEnd;
  let daveId: string;
  const at = () => ({ guildId: world.guildId, channelId: world.channelId });

  beforeAll(async () => {
    world = await startEndToEnd();
    daveId = world.discord.createMember(world.guildId, { username: "dave" }).id;
    await linkMember(world, world.members.alice.id, keyOf(world, "alice"));
    await linkMember(world, world.members.bob.id, keyOf(world, "bob"));
    // Dave's seeded key is read-only: the platform refuses his profile changes.
    await linkMember(world, daveId, keyOf(world, "dave"));
    await playBattleAliceWins(world);
  });
  afterAll(async () => {
    await world.close();
  });

  it("shows the member's own profile card privately, with the e-mail address", async () => {
    const reply = await world.discord
      .runCommand({ ...at(), userId: world.members.alice.id, name: "profile", subcommand: "view" })
      .waitForFinal();
    const alice = platformUser(world, "alice");
    expect(isEphemeral(reply)).toBe(true);
    expect(reply.embeds[0]?.title).toBe("alice");
    expect(field(reply, "Rating")).toBe(String(alice.rating));
    expect(field(reply, "Joined")).toMatch(/^<t:\d+:D>$/);
    expect(field(reply, "E-mail (only you see this)")).toBe(alice.email);
  });

  it("posts the profile card publicly on request, leaving the e-mail address out", async () => {
    const reply = await world.discord
      .runCommand({
        ...at(),
        userId: world.members.alice.id,
        name: "profile",
        subcommand: "view",
        options: { public: true },
      })
      .waitForFinal();
    expect(isEphemeral(reply)).toBe(false);
    expect(JSON.stringify(reply.embeds)).not.toContain(platformUser(world, "alice").email);
  });

  it("shows another member's profile from the read model", async () => {
    const reply = await world.discord
      .runCommand({
        ...at(),
        userId: world.members.bob.id,
        name: "profile",
        subcommand: "view",
        options: { member: world.members.alice.id },
      })
      .waitForFinal();
    expect(reply.embeds[0]?.title).toBe("alice");
    expect(field(reply, "Rating")).toBe(String(platformUser(world, "alice").rating));
    expect(reply.embeds[0]?.description).toMatch(/Rating as last seen by the bot <t:\d+:R>/);
    expect(reply.mentionedUserIds).toEqual([]);
  });

  it("edits the profile through the modal, and /profile view then shows it with the website as text", async () => {
    platformUser(world, "alice").location = "Lisbon";
    const handle = openEditor(world, world.members.alice.id);
    const modal = await handle.modal();
    expect(modal.custom_id).toMatch(/^profile-edit:/);
    expect(inputsOf(modal).map((input) => input.custom_id)).toEqual([
      "displayName",
      "bio",
      "location",
      "website",
    ]);
    expect(valuesOf(modal)).toEqual({ location: "Lisbon" });
    const reply = await world.discord
      .submitModal({
        from: handle,
        fields: { displayName: "Alice A.", bio: "Graphs and DP.\nMostly DP.", website: "https://alice.dev" },
      })
      .waitForFinal();
    expect(isEphemeral(reply)).toBe(true);
    expect(reply.embeds[0]?.title).toBe("Profile updated: alice");
    expect(reply.embeds[0]?.fields?.map((entry) => entry.name)).toEqual(["Display name", "Bio", "Website"]);
    expect(platformUser(world, "alice")).toMatchObject({
      displayName: "Alice A.",
      bio: "Graphs and DP.\nMostly DP.",
      location: "Lisbon",
      website: "https://alice.dev",
    });

    const view = await world.discord
      .runCommand({ ...at(), userId: world.members.alice.id, name: "profile", subcommand: "view" })
      .waitForFinal();
    expect(field(view, "Display name")).toBe("Alice A.");
    expect(field(view, "Bio")).toBe("Graphs and DP.\nMostly DP.");
    expect(field(view, "Location")).toBe("Lisbon");
    // Shown as typed, but broken so that Discord draws no link.
    expect(field(view, "Website")).toBe("https:\u200b//alice.dev");
    expect(JSON.stringify(view.embeds)).not.toMatch(/https?:\/\//);
  });

  it("opens the edit form filled with the current profile, and an untouched form changes nothing", async () => {
    const handle = openEditor(world, world.members.alice.id);
    const modal = await handle.modal();
    expect(valuesOf(modal)).toEqual({
      displayName: "Alice A.",
      bio: "Graphs and DP.\nMostly DP.",
      location: "Lisbon",
      website: "https://alice.dev",
    });
    const eventsBefore = profileUpdates(world);
    const reply = await world.discord.submitModal({ from: handle, fields: {} }).waitForFinal();
    expect(reply.content).toMatch(/Nothing to change/);
    expect(profileUpdates(world)).toBe(eventsBefore);
  });

  it("clears a field emptied in the form, leaving the others as they were", async () => {
    const handle = openEditor(world, world.members.alice.id);
    await handle.modal();
    const reply = await world.discord
      .submitModal({ from: handle, fields: { location: "", website: "  " } })
      .waitForFinal();
    expect(reply.embeds[0]?.fields).toEqual([
      { name: "Location", value: "*(cleared)*" },
      { name: "Website", value: "*(cleared)*" },
    ]);
    expect(platformUser(world, "alice")).toMatchObject({
      displayName: "Alice A.",
      bio: "Graphs and DP.\nMostly DP.",
      location: null,
      website: null,
    });
    const view = await world.discord
      .runCommand({ ...at(), userId: world.members.alice.id, name: "profile", subcommand: "view" })
      .waitForFinal();
    expect(view.embeds[0]?.fields?.map((entry) => entry.name)).toEqual([
      "Display name",
      "Bio",
      "Rating",
      "Tier",
      "Joined",
      "E-mail (only you see this)",
    ]);
    const reopened = openEditor(world, world.members.alice.id);
    expect(valuesOf(await reopened.modal())).toEqual({
      displayName: "Alice A.",
      bio: "Graphs and DP.\nMostly DP.",
    });
  });

  it("refuses a website that is not an http(s) address and changes nothing", async () => {
    const handle = openEditor(world, world.members.alice.id);
    await handle.modal();
    const reply = await world.discord
      .submitModal({ from: handle, fields: { bio: "Changed?", website: "alice.dev" } })
      .waitForFinal();
    expect(isEphemeral(reply)).toBe(true);
    expect(reply.content).toMatch(/must be a full web address starting with `http:\/\/` or `https:\/\/`/);
    // The form is gone once sent: what was typed comes back as a file, to paste into the form opened again.
    expect(reply.content).toMatch(/What you typed is attached/);
    expect(attachedTexts(reply)).toEqual([
      ["profile.txt", "Display name:\nAlice A.\n\nBio:\nChanged?\n\nWebsite:\nalice.dev\n"],
    ]);
    expect(platformUser(world, "alice").bio).toBe("Graphs and DP.\nMostly DP.");
  });

  it("explains the platform's refusal when the linked key may only read", async () => {
    const handle = world.discord.runCommand({ ...at(), userId: daveId, name: "profile", subcommand: "edit" });
    await handle.modal();
    const reply = await world.discord
      .submitModal({ from: handle, fields: { displayName: "Dave" } })
      .waitForFinal();
    expect(reply.content).toMatch(/not allowed to do that/);
    expect(platformUser(world, "dave").displayName).toBeNull();
  });

  it("asks an unlinked member to link instead of opening the edit form", async () => {
    const handle = world.discord.runCommand({
      ...at(),
      userId: world.members.admin.id,
      name: "profile",
      subcommand: "edit",
    });
    const reply = await handle.waitForFinal();
    expect(reply.content).toMatch(/haven't linked/);
    expect(isEphemeral(reply)).toBe(true);
  });

  it("shows wins, losses, win rate, average time and rating change, leaving the read model alone", async () => {
    const before = await findPlatformUser(world.bot.deps.db, platformUser(world, "alice").id);
    const reply = await world.discord
      .runCommand({ ...at(), userId: world.members.alice.id, name: "stats" })
      .waitForFinal();
    const alice = platformUser(world, "alice");
    expect(isEphemeral(reply)).toBe(true);
    expect(reply.embeds[0]?.title).toBe("alice — last 30 days");
    expect(field(reply, "Battles")).toBe("1");
    expect(field(reply, "Wins")).toBe("1");
    expect(field(reply, "Losses")).toBe("0");
    expect(field(reply, "Win rate")).toBe("100%");
    expect(field(reply, "Average time")).toBe("2m 05s");
    expect(field(reply, "Rating")).toBe(String(alice.rating));
    expect(field(reply, "Rating change")).toMatch(/^[+-]\d+$/);
    // The answer has no tier: its rating is not stored beside an older one (docs/architecture.md,
    // "Commands").
    expect(await findPlatformUser(world.bot.deps.db, alice.id)).toEqual(before);
  });

  it("shows the loser's stats for another timeframe, publicly on request", async () => {
    const reply = await world.discord
      .runCommand({
        ...at(),
        userId: world.members.bob.id,
        name: "stats",
        options: { timeframe: "7d", public: true },
      })
      .waitForFinal();
    expect(isEphemeral(reply)).toBe(false);
    expect(reply.embeds[0]?.title).toBe("bob — last 7 days");
    expect(field(reply, "Losses")).toBe("1");
    expect(field(reply, "Win rate")).toBe("0%");
  });
});

describe("/stats and /rank while the platform is down", () => {
  let world: EndToEnd;

  beforeAll(async () => {
    // Every platform call fails to connect.
    world = await startEndToEnd({ env: { PLATFORM_API_URL: await unreachablePlatformUrl() } });
    // Linking itself calls the platform, so the link is stored directly.
    await saveMemberLink(world.bot.deps.db, world.bot.deps.secretBox, {
      guildId: world.guildId,
      userId: world.members.alice.id,
      platformUserId: "usr_alice",
      platformUsername: "alice",
      credentialKind: "api_key",
      credential: { accessToken: "sk_test_unreachable" },
      now: Date.now(),
    });
  });
  afterAll(async () => {
    await world.close();
  });

  it.each(["stats", "rank"])("/%s says the platform can't be reached", async (name) => {
    const reply = await world.discord
      .runCommand({
        guildId: world.guildId,
        channelId: world.channelId,
        userId: world.members.alice.id,
        name,
      })
      .waitForFinal();
    expect(isEphemeral(reply)).toBe(true);
    expect(reply.content).toMatch(/platform can't be reached right now/);
  });
});
