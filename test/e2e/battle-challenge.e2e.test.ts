import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandOptionValue, FakeUser, StoredMessage } from "../../fake-discord/index.js";
import { deleteMemberLink } from "../../src/store/member-links.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { battleCommands } from "./support/battle-commands.js";
import { buttonLabelled, ephemeral, field } from "./support/message-parts.js";
import { waitForSavedCard } from "./support/saved-battle-card.js";

function customIds(message: StoredMessage): string[] {
  return (message.components as { components: { custom_id: string }[] }[]).flatMap((row) =>
    row.components.map((button) => button.custom_id),
  );
}

describe("/battle challenge, end to end", () => {
  let world: EndToEnd;
  let carol: FakeUser;
  let dave: FakeUser;
  const keyOf = (username: string) => world.sandbox.keys.find((key) => key.username === username)?.key ?? "";

  beforeAll(async () => {
    world = await startEndToEnd();
    carol = world.discord.createMember(world.guildId, { username: "carol" });
    dave = world.discord.createMember(world.guildId, { username: "dave" });
    await linkMember(world, world.members.alice.id, keyOf("alice"));
    await linkMember(world, world.members.bob.id, keyOf("bob"));
  });
  afterAll(async () => {
    await world.close();
  });

  const { battle } = battleCommands(() => world);
  const runChallenge = (opponent: FakeUser, options: Record<string, CommandOptionValue> = {}) =>
    world.discord.runCommand({
      guildId: world.guildId,
      channelId: world.channelId,
      userId: world.members.alice.id,
      name: "battle",
      subcommand: "challenge",
      options: { member: opponent.id, difficulty: "easy", ...options },
    });
  /** The challenge itself: a message of its own after the challenger's private answer. */
  const challenge = (opponent: FakeUser, options: Record<string, CommandOptionValue> = {}) =>
    runChallenge(opponent, options).waitForFollowUp();
  const press = (message: StoredMessage, action: "accept" | "decline", user: FakeUser) => {
    const customId = customIds(message).find((id) => id.startsWith(`battle:${action}:`)) ?? "";
    return world.discord.pressButton({ message, customId, userId: user.id });
  };
  const battleOf = (message: StoredMessage) => {
    const battleId = customIds(message)[0]?.split(":").at(-1) ?? "";
    return { battleId, battle: world.sandbox.state.battles.get(battleId) };
  };

  it("posts the challenge publicly, pinging exactly the opponent, with Accept and Decline", async () => {
    const { alice, bob } = world.members;
    const handle = runChallenge(bob, { language: "java" });
    const message = await handle.waitForFollowUp();
    const sent = await handle.waitForFinal();
    expect(sent.flags & ephemeral).toBe(ephemeral);
    expect(sent.content).toMatch(
      new RegExp(`^Challenge sent: <@${bob.id}> can answer it until <t:\\d+:t>\\.$`),
    );
    expect(sent.mentionedUserIds).toEqual([]);
    expect(message.flags & ephemeral).toBe(0);
    expect(message.content).toMatch(new RegExp(`^<@${bob.id}>, <@${alice.id}> challenges you`));
    expect(message.mentionedUserIds).toEqual([bob.id]);
    const { battleId, battle } = battleOf(message);
    expect(customIds(message)).toEqual([
      `battle:accept:${bob.id}:${battleId}`,
      `battle:decline:${bob.id}:${battleId}`,
    ]);
    expect(battle).toMatchObject({ status: "waiting", capacity: 2, language: "java", participants: [] });
  });

  it("lets only the challenged member answer, then seats both players and turns it into a battle card", async () => {
    const { bob } = world.members;
    const message = await challenge(bob);
    const refused = await press(message, "accept", carol).waitForFinal();
    expect(refused.flags & ephemeral).toBe(ephemeral);
    expect(refused.content).toBe(`Only <@${bob.id}> can answer this challenge.`);
    expect(battleOf(message).battle?.participants).toEqual([]);

    const accepted = await press(message, "accept", bob).waitForFinal();
    expect(accepted.id).toBe(message.id);
    expect(accepted.content).toMatch(/accepted .* challenge\. Good luck/);
    const { battleId, battle } = battleOf(accepted);
    expect(customIds(accepted)).toEqual([`battle:join:${battleId}`, `battle:submit:${battleId}`]);
    expect(battle?.status).toBe("active");
    expect(battle?.participants).toHaveLength(2);
    expect(JSON.stringify(accepted.embeds)).toContain("2/2");
    const card = await waitForSavedCard(world, battleId, (saved) => saved.messageId === message.id);
    expect(card.messageId).toBe(message.id);
  });

  it("says both are seated when Accept is pressed twice before the card showed the first press", async () => {
    const { bob } = world.members;
    const message = await challenge(bob);
    // A double tap: both presses reach the bot before either edits the challenge. One of each player's joins
    // is refused as already seated; neither answer may tell the challenger to press a Join the card disables.
    const presses = [press(message, "accept", bob), press(message, "accept", bob)];
    const answers = await Promise.all(presses.map((handle) => handle.waitForFinal()));
    for (const answer of answers) {
      expect(answer.content).toMatch(/accepted .* challenge\. Good luck/);
      expect(answer.content).not.toContain("could not be seated");
    }
    expect(battleOf(message).battle?.participants).toHaveLength(2);
  });

  it("keeps the battle's details on the accepted card when the challenger takes their seat with Join", async () => {
    const { alice, bob } = world.members;
    const message = await challenge(bob, { language: "cpp" });
    // The challenger cannot be seated automatically (their link is gone), so Join stays open for them.
    await deleteMemberLink(world.bot.deps.db, { guildId: world.guildId, userId: alice.id });
    const accepted = await press(message, "accept", bob).waitForFinal();
    expect(accepted.content).toContain("could not be seated automatically");
    const title = accepted.embeds[0]?.title;
    expect(title).toMatch(/^⚔️ /);
    expect(field(accepted, "Language")).toBe("C++");
    const { battleId } = battleOf(accepted);
    await waitForSavedCard(world, battleId);

    await linkMember(world, alice.id, keyOf("alice"));
    await world.discord
      .pressButton({ message: accepted, customId: `battle:join:${battleId}`, userId: alice.id })
      .waitForFinal();
    // The join's edit of the card, rebuilt from what the platform answered the bot about this battle.
    const card = await world.discord.waitForMessage(
      world.channelId,
      (candidate) => candidate.id === message.id && (field(candidate, "Players") ?? "").includes(alice.id),
    );
    expect(field(card, "Players")).toMatch(/^\*\*2\/2\*\* seats taken\n/);
    expect(field(card, "Language")).toBe("C++");
    expect(card.embeds[0]?.title).toBe(title);
    expect(buttonLabelled(card, "Join").disabled).toBe(true);
  });

  it("seats the challenger and makes the card when the opponent joined by the battle's id before Accept", async () => {
    const { bob } = world.members;
    const message = await challenge(bob);
    const { battleId } = battleOf(message);
    const joined = await battle(bob, "join", { id: battleId }).waitForFinal();
    expect(joined.content).toContain(`You joined battle \`${battleId}\``);

    const accepted = await press(message, "accept", bob).waitForFinal();
    expect(accepted.id).toBe(message.id);
    expect(accepted.content).toMatch(/accepted .* challenge\. Good luck/);
    expect(customIds(accepted)).toEqual([`battle:join:${battleId}`, `battle:submit:${battleId}`]);
    expect(battleOf(accepted).battle?.participants).toHaveLength(2);
    const card = await waitForSavedCard(world, battleId, (saved) => saved.messageId === message.id);
    expect(card.messageId).toBe(message.id);
  });

  it("seats no one but its two parties, though its battle's id is on the challenge for all to see", async () => {
    const { alice, bob } = world.members;
    await linkMember(world, carol.id, keyOf("carol"));
    const message = await challenge(bob);
    const { battleId } = battleOf(message);
    const refused = await battle(carol, "join", { id: battleId }).waitForFinal();
    expect(refused.flags & ephemeral).toBe(ephemeral);
    expect(refused.content).toBe(
      `Battle \`${battleId}\` is a challenge between <@${alice.id}> and <@${bob.id}>: only they can join it.`,
    );
    expect(battleOf(message).battle?.participants).toEqual([]);

    const accepted = await press(message, "accept", bob).waitForFinal();
    expect(accepted.content).toMatch(/accepted .* challenge\. Good luck/);
    const usernameOf = (userId: string) => world.sandbox.state.users.get(userId)?.username;
    const seated = battleOf(message).battle?.participants.map((participant) =>
      usernameOf(participant.userId),
    );
    expect(seated?.sort()).toEqual(["alice", "bob"]);
  });

  it("closes a declined challenge without seating anyone", async () => {
    const { bob } = world.members;
    const message = await challenge(bob);
    const { battleId } = battleOf(message);
    const declined = await press(message, "decline", bob).waitForFinal();
    expect(declined.content).toBe(`<@${bob.id}> declined <@${world.members.alice.id}>'s challenge.`);
    expect(declined.components).toEqual([]);
    // An edit notifies nobody on Discord; the decline also allows no mention, should it ever be a new message.
    expect(declined.allowedMentions).toMatchObject({ parse: [] });
    expect(declined.allowedMentions?.users ?? []).toEqual([]);
    expect(world.sandbox.state.battles.get(battleId)).toMatchObject({ status: "waiting", participants: [] });
  });

  it("answers an unlinked opponent with the link prompt and leaves the challenge open", async () => {
    const message = await challenge(dave);
    const handle = press(message, "accept", dave);
    const prompt = await handle.waitForFollowUp();
    expect(prompt.flags & ephemeral).toBe(ephemeral);
    expect(prompt.content).toMatch(/haven't linked/);
    expect(customIds(world.discord.message(message.id) ?? message)[0]).toMatch(/^battle:accept:/);
    expect(battleOf(message).battle?.participants).toEqual([]);
  });

  it("refuses an answer after five minutes", async () => {
    const { bob } = world.members;
    const message = await challenge(bob);
    const { battleId } = battleOf(message);
    // As if the challenge had been posted six minutes ago.
    const stored = world.discord.message(message.id);
    if (stored === undefined) throw new Error("challenge message missing");
    stored.createdAt -= 6 * 60_000;
    const expired = await press(message, "accept", bob).waitForFinal();
    expect(expired.content).toMatch(/expired before it was answered/);
    expect(expired.components).toEqual([]);
    expect(world.sandbox.state.battles.get(battleId)?.participants).toEqual([]);
  });

  it("refuses to challenge yourself, privately", async () => {
    const reply = await runChallenge(world.members.alice).waitForFinal();
    expect(reply.flags & ephemeral).toBe(ephemeral);
    expect(reply.content).toMatch(/can't challenge yourself/);
  });
});
