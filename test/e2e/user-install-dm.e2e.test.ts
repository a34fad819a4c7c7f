// The app installed to a member's own account, used in the bot's DM and in a group DM (docs/architecture.md,
// "Outside a server"): the commands registered globally as the deploy script registers them, interactions
// with `context` 1 or 2, no `guild_id` and `user` instead of `member`, answered by the real bot from the
// member's personal link.
import { REST } from "@discordjs/rest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral } from "../../fake-discord/messages/message-types.js";
import { anywhereReach } from "../../src/commands/command-reach.js";
import { commandData } from "../../src/commands/command-data.js";
import { deployCommands } from "../../src/discord/deploy-commands.js";
import { findMemberLink } from "../../src/store/member-links.js";
import { readConfirmFields } from "../http/support/confirm-form.js";
import { createHandBrowser } from "../http/support/hand-browser.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { expectEveryInteractionAnswered, interactionsModes } from "./interactions-modes.js";
import { buttons } from "./support/message-parts.js";
import { platformUser } from "./support/platform-api.js";
import { keyOf } from "./support/sandbox-keys.js";

describe.each(interactionsModes)(
  "the app installed to a member's account, in DMs, over %s",
  (interactionsMode) => {
    let world: EndToEnd;
    let rest: REST;

    beforeAll(async () => {
      world = await startEndToEnd({ interactionsMode });
      rest = new REST({ api: world.discord.apiUrl }).setToken(world.discord.botToken);
      await deployCommands(rest, { applicationId: world.discord.applicationId }, commandData);
      world.discord.oauth2.installForUser(world.members.alice.id);
      world.discord.oauth2.installForUser(world.members.bob.id);
    });
    afterAll(async () => {
      await world.close();
    });

    const personalLinkOf = (userId: string) =>
      findMemberLink(world.bot.deps.db, world.bot.deps.secretBox, { guildId: undefined, userId });

    it("offers a member without a personal link to link one, with the Link button", async () => {
      const reply = await world.discord
        .runUserInstallCommand({ userId: world.members.alice.id, context: "bot-dm", name: "rank" })
        .waitForFinal();
      expect(isEphemeral(reply)).toBe(true);
      expect(reply.content).toMatch(/haven't linked a platform account for use outside servers/);
      expect(reply.content).toContain("/link");
      expect(buttons(reply).map((button) => button.custom_id)).toContain("link:start");
    });

    it("links with an API key in the DM, and /rank there answers from that personal link", async () => {
      const alice = world.members.alice.id;
      const prompt = await world.discord
        .runUserInstallCommand({ userId: alice, context: "bot-dm", name: "link" })
        .waitForFinal();
      expect(prompt.content).toMatch(/outside servers/);
      const press = world.discord.pressButton({ message: prompt, customId: "link:api-key", userId: alice });
      await press.modal();
      const linked = await world.discord
        .submitModal({ from: press, customId: "link-key", fields: { key: keyOf(world, "alice") } })
        .waitForFinal();
      expect(linked.content).toMatch(/^Linked as \*\*alice\*\* with an API key\. Outside servers/);
      expect(await personalLinkOf(alice)).toMatchObject({
        platformUsername: "alice",
        credentialKind: "api_key",
      });

      const rank = await world.discord
        .runUserInstallCommand({ userId: alice, context: "bot-dm", name: "rank" })
        .waitForFinal();
      expect(isEphemeral(rank)).toBe(true);
      expect(rank.embeds[0]?.title).toMatch(/^alice — global rank #\d+$/);

      // In a group DM too, as the same personal link.
      const inGroup = await world.discord
        .runUserInstallCommand({
          userId: alice,
          context: "private-channel",
          withUserIds: [world.members.bob.id, world.members.admin.id],
          name: "stats",
        })
        .waitForFinal();
      expect(isEphemeral(inGroup)).toBe(true);
      expect(JSON.stringify(inGroup.embeds)).toContain("alice");

      // A server keeps its own links: the personal link does not stand in for one there.
      const inServer = await world.discord
        .runCommand({ guildId: world.guildId, channelId: world.channelId, userId: alice, name: "rank" })
        .waitForFinal();
      expect(inServer.content).toMatch(/haven't linked a platform account in this server/);
    });

    it("answers /whoami, /profile view, /leaderboard global and /battle history in the DM as the personal link", async () => {
      const run = (name: string, subcommand?: string) =>
        world.discord
          .runUserInstallCommand({
            userId: world.members.alice.id,
            context: "bot-dm",
            name,
            ...(subcommand === undefined ? {} : { subcommand }),
          })
          .waitForFinal();
      const whoami = await run("whoami");
      const profile = await run("profile", "view");
      const leaderboard = await run("leaderboard", "global");
      const history = await run("battle", "history");
      expect(whoami.embeds[0]?.title).toBe("Linked as alice");
      expect(profile.embeds[0]?.title).toBe("alice");
      expect(leaderboard.embeds[0]?.title).toBe("Global leaderboard");
      expect(leaderboard.embeds[0]?.description).toMatch(/alice .*← you/);
      expect(history.embeds[0]?.title).toBe("Your battles");
      for (const reply of [whoami, profile, history]) expect(isEphemeral(reply)).toBe(true);
    });

    it("edits the personal link's platform profile from the DM, as /profile view there tells", async () => {
      const alice = world.members.alice.id;
      const view = await world.discord
        .runUserInstallCommand({ userId: alice, context: "bot-dm", name: "profile", subcommand: "view" })
        .waitForFinal();
      expect(view.embeds[0]?.footer?.text).toContain("/profile edit");
      const handle = world.discord.runUserInstallCommand({
        userId: alice,
        context: "bot-dm",
        name: "profile",
        subcommand: "edit",
      });
      await handle.modal();
      const reply = await world.discord
        .submitModal({ from: handle, fields: { bio: "Edited from a DM" } })
        .waitForFinal();
      expect(isEphemeral(reply)).toBe(true);
      expect(platformUser(world, "alice").bio).toBe("Edited from a DM");
    });

    it("marks no one on the public global leaderboard in a group DM, where the others would see it", async () => {
      const reply = await world.discord
        .runUserInstallCommand({
          userId: world.members.alice.id,
          context: "private-channel",
          withUserIds: [world.members.bob.id, world.members.admin.id],
          name: "leaderboard",
          subcommand: "global",
        })
        .waitForFinal();
      expect(isEphemeral(reply)).toBe(false);
      expect(reply.embeds[0]?.description).toMatch(/alice/);
      expect(reply.embeds[0]?.description).not.toContain("← you");
    });

    it("links through the platform's sign-in from a DM, confirmed as a personal link", async () => {
      const bob = world.members.bob.id;
      const handle = world.discord.runUserInstallCommand({ userId: bob, context: "bot-dm", name: "link" });
      const prompt = await handle.waitForFinal();
      const signInLink = buttons(prompt).find((button) => button.label === "Link account")?.url ?? "";
      const browser = createHandBrowser();
      const started = await browser.get(signInLink);
      expect(started.status).toBe(303);
      const authorize = await browser.get(started.headers.get("location") ?? "");
      const callbackUrl = authorize.headers.get("location") ?? "";
      const page = await browser.get(callbackUrl);
      const confirmPage = await page.text();
      expect(confirmPage).toMatch(/<bdi>bob<\/bdi><\/strong> as their personal link, used outside servers/);
      const linked = await browser.postForm(new URL("confirm", callbackUrl), {
        ...readConfirmFields(confirmPage),
        action: "link",
      });
      expect(linked.status).toBe(200);
      expect(await linked.text()).toMatch(/Linked \w+ to bob as their personal link, used outside servers\./);
      expect(handle.original()?.content).toMatch(/^Linked as \*\*\w+\*\*\. Outside servers/);
      expect(await personalLinkOf(bob)).toMatchObject({ credentialKind: "oauth", status: "active" });
    });

    it("answers a server-only subcommand in a DM plainly: it needs a server", async () => {
      const reply = await world.discord
        .runUserInstallCommand({
          userId: world.members.alice.id,
          context: "bot-dm",
          name: "battle",
          subcommand: "create",
        })
        .waitForFinal();
      expect(isEphemeral(reply)).toBe(true);
      expect(reply.content).toBe("This needs a server: run it in a server where the bot is installed.");
    });

    it("suggests nothing for a server-only subcommand's option in a DM, though Discord asks", async () => {
      // Alice has a personal link (above), with which the option would list the platform's problems.
      const choices = await world.discord
        .autocompleteUserInstall({
          userId: world.members.alice.id,
          context: "bot-dm",
          name: "battle",
          subcommand: "create",
          options: { difficulty: "easy" },
          focused: { name: "problem", value: "two" },
        })
        .choices();
      expect(choices).toEqual([]);
    });

    it("refuses a server-only command that stale command data still offers in a DM", async () => {
      // Discord may still offer an older definition for a while: here /setup as if it once reached DMs.
      const stale = commandData.map((command) =>
        command.name === "setup" ? { ...command, ...anywhereReach } : command,
      );
      await deployCommands(rest, { applicationId: world.discord.applicationId }, stale);
      const reply = await world.discord
        .runUserInstallCommand({
          userId: world.members.alice.id,
          context: "bot-dm",
          name: "setup",
          subcommand: "status",
        })
        .waitForFinal();
      expect(reply.content).toBe("This needs a server: run it in a server where the bot is installed.");
      await deployCommands(rest, { applicationId: world.discord.applicationId }, commandData);
    });

    it("/unlink in a DM removes the personal link", async () => {
      const alice = world.members.alice.id;
      const reply = await world.discord
        .runUserInstallCommand({ userId: alice, context: "bot-dm", name: "unlink" })
        .waitForFinal();
      expect(reply.content).toBe(
        "Unlinked. Your platform credentials for your personal link (outside servers) are deleted.",
      );
      expect(await personalLinkOf(alice)).toBeUndefined();
      expectEveryInteractionAnswered(world, interactionsMode);
    });
  },
);
