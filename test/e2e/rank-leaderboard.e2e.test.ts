import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandData } from "../../src/commands/command-data.js";
import { deployCommands } from "../../src/discord/deploy-commands.js";
import { isEphemeral } from "../../fake-discord/messages/message-types.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { expectEveryInteractionAnswered, interactionsModes } from "./interactions-modes.js";
import { linkMember } from "./link-member.js";
import { keyOf } from "./support/sandbox-keys.js";
import { buttonLabelled, buttons, field } from "./support/message-parts.js";

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.each(interactionsModes)(
  "/rank and /leaderboard, end to end, interactions over %s",
  (interactionsMode) => {
    let world: EndToEnd;
    const at = () => ({ guildId: world.guildId, channelId: world.channelId });

    beforeAll(async () => {
      world = await startEndToEnd({ interactionsMode });
      // 7 seeded users plus 15 more: three pages of ten on the global leaderboard.
      for (let index = 0; index < 15; index += 1) {
        world.sandbox.control.createUser({ username: `player${String(index)}`, rating: 1000 + index * 10 });
      }
      await linkMember(world, world.members.alice.id, keyOf(world, "alice"));
      await linkMember(world, world.members.bob.id, keyOf(world, "bob"));
    });
    afterAll(async () => {
      await world.close();
    });

    it("prompts an unlinked member to link instead of showing a rank", async () => {
      const reply = await world.discord
        .runCommand({ ...at(), userId: world.members.admin.id, name: "rank" })
        .waitForFinal();
      expect(reply.content).toMatch(/haven't linked/);
      expect(buttons(reply).map((button) => button.custom_id)).toContain("link:start");
    });

    it("shows the member's own rank privately, with the rating chart as a PNG attachment", async () => {
      const reply = await world.discord
        .runCommand({ ...at(), userId: world.members.alice.id, name: "rank" })
        .waitForFinal();
      expect(isEphemeral(reply)).toBe(true);
      expect(reply.embeds[0]?.title).toBe("alice — global rank #1");
      expect(field(reply, "Rating")).toBe("2350");
      expect(field(reply, "Tier")).toMatch(/^[A-Z]/);
      expect(field(reply, "Ahead of")).toMatch(/^\d+(\.\d)?% of players$/);
      expect(reply.attachments).toHaveLength(1);
      const [chart] = reply.attachments;
      expect(chart?.filename).toBe("rating.png");
      expect(chart?.data.subarray(0, 8).equals(pngSignature)).toBe(true);
      expect(reply.embeds[0]?.image?.url).toBe("attachment://rating.png");
    });

    it("posts the rank in the channel when asked to make it public", async () => {
      const reply = await world.discord
        .runCommand({ ...at(), userId: world.members.bob.id, name: "rank", options: { public: true } })
        .waitForFinal();
      expect(isEphemeral(reply)).toBe(false);
      expect(world.discord.messages(world.channelId).map((message) => message.id)).toContain(reply.id);
      expect(reply.embeds[0]?.title).toMatch(/^bob — global rank #\d+$/);
    });

    it("shows another member from the read model, without using their credential", async () => {
      // Alice's keys are withdrawn for the duration: any call made with her credential would now fail.
      const aliceId = world.sandbox.keys.find((seeded) => seeded.username === "alice")?.userId;
      const aliceKeys = [...world.sandbox.state.apiKeys].filter(([, key]) => key.userId === aliceId);
      expect(aliceKeys.length).toBeGreaterThan(0);
      for (const [id] of aliceKeys) world.sandbox.state.apiKeys.delete(id);
      try {
        const reply = await world.discord
          .runCommand({
            ...at(),
            userId: world.members.bob.id,
            name: "rank",
            options: { member: world.members.alice.id },
          })
          .waitForFinal();
        expect(reply.embeds[0]?.title).toBe("alice");
        expect(field(reply, "Rating")).toBe("2350");
        expect(reply.embeds[0]?.description).toContain(`<@${world.members.alice.id}>`);
        expect(reply.embeds[0]?.description).toMatch(/when they run `\/rank` themselves/);
        expect(reply.attachments).toHaveLength(0);
      } finally {
        for (const [id, key] of aliceKeys) world.sandbox.state.apiKeys.set(id, key);
      }
    });

    it("says so when the member asked about has not linked an account", async () => {
      const reply = await world.discord
        .runCommand({
          ...at(),
          userId: world.members.bob.id,
          name: "rank",
          options: { member: world.members.admin.id },
        })
        .waitForFinal();
      expect(reply.content).toBe(
        `<@${world.members.admin.id}> hasn't linked a platform account in this server.`,
      );
      expect(reply.mentionedUserIds).toEqual([]);
    });

    it("pages through the global leaderboard with ◀ ▶, for the member who asked only", async () => {
      const first = await world.discord
        .runCommand({ ...at(), userId: world.members.alice.id, name: "leaderboard", subcommand: "global" })
        .waitForFinal();
      expect(isEphemeral(first)).toBe(false);
      const lines = first.embeds[0]?.description?.split("\n") ?? [];
      expect(lines).toHaveLength(10);
      expect(lines[0]).toMatch(/^\*\*#1\*\* alice · 2350 · .* ← you$/);
      expect(first.embeds[0]?.footer?.text).toBe("Page 1 of 3 · 22 players");
      expect(buttonLabelled(first, "◀").disabled).toBe(true);
      const next = buttonLabelled(first, "▶");
      expect(next.disabled).toBe(false);

      const refused = await world.discord
        .pressButton({ message: first, customId: next.custom_id, userId: world.members.bob.id })
        .waitForFinal();
      expect(refused.content).toMatch(/Only the member who asked/);

      const second = await world.discord
        .pressButton({ message: first, customId: next.custom_id, userId: world.members.alice.id })
        .waitForFinal();
      expect(second.id).toBe(first.id);
      expect(second.embeds[0]?.description).toMatch(/^\*\*#11\*\* /);
      expect(second.embeds[0]?.footer?.text).toBe("Page 2 of 3 · 22 players");

      const back = await world.discord
        .pressButton({
          message: second,
          customId: buttonLabelled(second, "◀").custom_id,
          userId: world.members.alice.id,
        })
        .waitForFinal();
      expect(back.embeds[0]?.description).toMatch(/^\*\*#1\*\* alice/);
    });

    it("starts the global leaderboard at the page asked for, and ▶ stops at the last page", async () => {
      const last = await world.discord
        .runCommand({
          ...at(),
          userId: world.members.bob.id,
          name: "leaderboard",
          subcommand: "global",
          options: { page: 3 },
        })
        .waitForFinal();
      expect(last.embeds[0]?.description?.split("\n")).toHaveLength(2);
      expect(last.embeds[0]?.description).toMatch(/^\*\*#21\*\* /);
      expect(buttonLabelled(last, "▶").disabled).toBe(true);
      expect(buttonLabelled(last, "◀").disabled).toBe(false);
    });

    it("asks an unlinked member to link before showing the global leaderboard", async () => {
      const handle = world.discord.runCommand({
        ...at(),
        userId: world.members.admin.id,
        name: "leaderboard",
        subcommand: "global",
      });
      // The link is checked before the public deferral, so the prompt is the private answer itself.
      const prompt = await handle.waitForFinal();
      expect(handle.followUps()).toEqual([]);
      expect(isEphemeral(prompt)).toBe(true);
      expect(prompt.content).toMatch(/haven't linked/);
    });

    it("ranks this server's linked members from the read model without pinging anyone", async () => {
      const reply = await world.discord
        .runCommand({ ...at(), userId: world.members.bob.id, name: "leaderboard", subcommand: "server" })
        .waitForFinal();
      expect(reply.embeds[0]?.description?.split("\n")).toEqual([
        `**1.** <@${world.members.alice.id}> (alice) · 2350 · Grandmaster`,
        `**2.** <@${world.members.bob.id}> (bob) · 1850 · Diamond ← you`,
      ]);
      expect(reply.mentionedUserIds).toEqual([]);
      expect(reply.allowedMentions).toEqual({ parse: [] });
    });

    it("shows an empty server leaderboard where nobody has linked", async () => {
      const guild = world.discord.createGuild({ name: "Quiet" });
      const channel = world.discord.createChannel(guild.id, { name: "general" });
      const member = world.discord.createMember(guild.id, { username: "erin" });
      await deployCommands(
        world.bot.deps.rest,
        { applicationId: world.discord.applicationId, guildId: guild.id },
        commandData,
      );
      const reply = await world.discord
        .runCommand({
          guildId: guild.id,
          channelId: channel.id,
          userId: member.id,
          name: "leaderboard",
          subcommand: "server",
        })
        .waitForFinal();
      expect(reply.embeds[0]?.description).toMatch(/^No linked member has a known rating yet/);
      expect(buttonLabelled(reply, "▶").disabled).toBe(true);
    });

    it("keeps the read model's name and rating with its tier through /rank and /stats, which name no one", async () => {
      // Before, /rank wrote back the name saved when the member linked over the one /profile view had just
      // stored, and /stats a rating without its tier.
      const dana = world.discord.createMember(world.guildId, { username: "dana" });
      const account = world.sandbox.control.createUser({
        username: `dana-${interactionsMode}`,
        rating: 1600,
      });
      const { key } = world.sandbox.control.createApiKey({ username: account.username, level: "write" });
      await linkMember(world, dana.id, key);
      const run = (name: string, userId: string, options?: Record<string, string>) =>
        world.discord.runCommand({ ...at(), userId, name, ...(options ? { options } : {}) }).waitForFinal();

      account.username = `dana-renamed-${interactionsMode}`;
      await world.discord
        .runCommand({ ...at(), userId: dana.id, name: "profile", subcommand: "view" })
        .waitForFinal();
      expect((await run("rank", dana.id)).embeds[0]?.title).toMatch(
        /^dana-(gateway|http) — global rank #\d+$/,
      );
      account.rating = 2100;
      expect(field(await run("stats", dana.id), "Rating")).toBe("2100");

      const seen = await run("rank", world.members.bob.id, { member: dana.id });
      expect(seen.embeds[0]?.title).toBe(account.username);
      expect(field(seen, "Rating")).toBe("1600");
    });

    it("answered every interaction in a way Discord accepts", () => {
      expectEveryInteractionAnswered(world, interactionsMode);
    });
  },
);
