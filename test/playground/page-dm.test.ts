// The member's own side of Discord in the playground's page, in headless Chromium: the DM with the bot (the app
// added to the member's account, a command sent there reaching the bot as a DM interaction, the reply drawn in
// the DM), and a member's profile card with their roles (a role given while it is open shows at once) and their
// Linked Roles connection, before and after the member goes through the bot's verification URL and the fake
// Discord's consent page in a new tab.
import { InteractionContextType, Routes } from "discord-api-types/v10";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { commandData } from "../../src/commands/command-data.js";
import { chromiumPath, memberSteps, noteWhenSkipped, usePlaygroundPage } from "./playground-page.js";

noteWhenSkipped("the playground's DM and member card test");

const ephemeralFlag = 1 << 6;
const loadingFlag = 1 << 7;
const long = { timeout: 20_000 };

describe.skipIf(chromiumPath === undefined)("the DM with the bot and the member card in the page", () => {
  let page: Page;

  const opened = usePlaygroundPage((open) => {
    page = open.page;
  });

  const playground = () => opened.running.playground;

  /** Global commands as the application registers them through the fake's REST API. */
  const registerGlobal = (body: Record<string, unknown>) =>
    playground().bot.deps.rest.post(Routes.applicationCommands(playground().discord.applicationId), { body });

  it("sends /whoami in the DM as a DM interaction and shows the bot's reply there", async () => {
    await page.getByRole("button", { name: /^@ Arena Bot/ }).click();
    await expect.poll(() => page.locator("#channel-title").textContent()).toBe("@ Arena Bot");
    const dm = page.getByRole("region", { name: "Direct message with the bot" });
    const input = dm.getByRole("combobox", { name: "Message the bot" });
    // The DM is read once it opens: the offer to add the app says it was, and that it is not added yet.
    const add = dm.getByRole("button", { name: "Add to my apps" });
    await expect.poll(() => add.isVisible(), long).toBe(true);
    expect(await input.isDisabled()).toBe(true);
    await add.click();
    await expect.poll(() => input.isDisabled(), long).toBe(false);
    const alice = playground().members.get("alice")?.user.id ?? "";
    expect(playground().discord.oauth2.isInstalledForUser(alice)).toBe(true);

    // The playground deploys the bot's commands globally too: its DM list is the commands declared for the DM.
    const labels = dm.locator("#dm-suggestions .suggestion-label");
    await input.fill("/");
    const dmCommands = commandData
      .filter((command) => {
        const contexts: readonly InteractionContextType[] = command.contexts;
        return contexts.includes(InteractionContextType.BotDM);
      })
      .map((command) => `/${command.name}`)
      .sort();
    expect(dmCommands).toContain("/rank");
    expect(dmCommands).not.toContain("/setup");
    await expect.poll(async () => (await labels.allTextContents()).sort(), long).toEqual(dmCommands);

    // Re-registered declaring nothing (guild installs only, by Discord's defaults), /rank leaves the list; one
    // for user installs in servers only stays out; a description is the bot's text, shown as text.
    await registerGlobal({
      name: "whoami",
      description: "Who am I <b>here</b>",
      integration_types: [0, 1],
      contexts: [0, 1, 2],
    });
    await registerGlobal({ name: "rank", description: "Your rating" });
    await registerGlobal({ name: "leaderboard", description: "Top", integration_types: [1], contexts: [0] });
    // The DM reads its commands as it opens, as Discord's client does.
    await input.fill("");
    await memberSteps(page).openChannel("general");
    await page.getByRole("button", { name: /^@ Arena Bot/ }).click();
    await input.fill("/");
    const expected = dmCommands.filter((name) => name !== "/rank" && name !== "/leaderboard");
    await expect.poll(async () => (await labels.allTextContents()).sort(), long).toEqual(expected);
    await input.fill("/who");
    await expect.poll(() => labels.allTextContents(), long).toEqual(["/whoami"]);
    expect(await dm.locator("#dm-suggestions .suggestion-detail").first().textContent()).toBe(
      "Who am I <b>here</b>",
    );
    expect(await dm.locator("#dm-suggestions b").count()).toBe(0);

    await input.fill("/whoami");
    await input.press("Escape");
    await dm.getByRole("button", { name: "Send", exact: true }).click();

    const { discord } = playground();
    const findRecord = () =>
      discord
        .interactions()
        .find((each) => each.commandName === "whoami" && each.userId === alice && each.guildId === null);
    await expect.poll(() => findRecord() !== undefined, long).toBe(true);
    const record = findRecord();
    expect(record?.payload.guild_id).toBeUndefined();
    expect(record?.payload.member).toBeUndefined();
    expect(record?.payload.context).toBe(1);

    const replyOf = () =>
      discord
        .allMessages()
        .find(
          (message) =>
            message.interaction?.interactionId === record?.id && (message.flags & loadingFlag) === 0,
        );
    await expect.poll(() => replyOf() !== undefined, long).toBe(true);
    const reply = replyOf();
    const drawn = dm.locator(`#dm-messages #message-${reply?.id ?? "none"}`);
    await drawn.waitFor(long);
    expect(await drawn.locator(".command-name").textContent()).toBe("/whoami");
    expect((await drawn.textContent())?.trim()).not.toBe("");
    // Ephemeral replies are marked as Discord marks them; the DM's messages stay out of the channels.
    expect(await drawn.getByText("Only you can see this").count()).toBe(
      ((reply?.flags ?? 0) & ephemeralFlag) === 0 ? 0 : 1,
    );
    expect(await page.locator(`#messages #message-${reply?.id ?? "none"}`).count()).toBe(0);
    expect(opened.consoleErrors).toEqual([]);
  }, 60_000);

  it("keeps the DM open, and the only place marked current, when another member is picked or the clock moves", async () => {
    const dm = page.getByRole("region", { name: "Direct message with the bot" });
    // From the Events view, which the DM takes the place of.
    await page.locator("#open-events").click();
    await expect.poll(() => page.locator("#channel-title").textContent()).toBe("Events");
    await page.getByRole("button", { name: /^@ Arena Bot/ }).click();
    await expect.poll(() => page.locator("#channel-title").textContent()).toBe("@ Arena Bot");
    const current = page.locator('[aria-current="page"]');
    await expect.poll(() => current.allTextContents()).toEqual([expect.stringMatching(/@ Arena Bot/)]);

    await page.locator("#member-select").selectOption("bob");
    // The DM is read again for bob, who has not added the app: its offer shows there.
    await expect.poll(() => dm.getByRole("button", { name: "Add to my apps" }).isVisible(), long).toBe(true);
    await page.locator("#member-select").selectOption("alice");
    await expect.poll(() => page.locator("#member-select").inputValue()).toBe("alice");

    const panel = page.getByRole("complementary", { name: "The platform" });
    await panel.getByLabel("Move the clock (seconds)").fill("1");
    await panel.getByRole("button", { name: "Move clock" }).click();
    await expect
      .poll(() => panel.getByRole("status").textContent(), long)
      .toMatch(/^The clock moved 1 s ahead/);
    expect(await dm.isVisible()).toBe(true);
    expect(await page.locator("#channel-title").textContent()).toBe("@ Arena Bot");
    await expect.poll(() => current.allTextContents()).toEqual([expect.stringMatching(/@ Arena Bot/)]);
    expect(opened.consoleErrors).toEqual([]);
  }, 60_000);

  it("links a personal account from the DM: /link's button opens the key form, and the reply says so there", async () => {
    await page.getByRole("button", { name: /^@ Arena Bot/ }).click();
    const dm = page.getByRole("region", { name: "Direct message with the bot" });
    const input = dm.getByRole("combobox", { name: "Message the bot" });
    await expect.poll(() => input.isDisabled(), long).toBe(false);
    await input.fill("/link");
    await input.press("Escape");
    await dm.getByRole("button", { name: "Send", exact: true }).click();

    // The reply's button, pressed in the DM, is an interaction there too, and its form opens over the page.
    const prompt = dm.locator(".message.ephemeral", { hasText: "Link your platform account" }).last();
    await prompt.getByRole("button", { name: "Use an API key" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Use alice's sandbox key" }).click();
    await dialog.getByRole("button", { name: "Submit" }).click();
    await dm.locator(".message.ephemeral", { hasText: "Linked as" }).last().waitFor(long);

    const alice = playground().members.get("alice")?.user.id ?? "";
    const pressed = playground()
      .discord.interactions()
      .filter((each) => each.userId === alice && each.guildId === null && each.payload.type !== 2);
    // The button and the form's submit, both in the DM (context 1).
    expect(pressed.map((each) => each.payload.context)).toEqual([1, 1]);
    expect(opened.consoleErrors).toEqual([]);
  }, 60_000);

  it("shows No connection on the member card, then the rating once the member verifies Linked Roles", async () => {
    const steps = memberSteps(page);
    await steps.openChannel("general");
    await steps.link("alice");

    const members = page.getByRole("region", { name: "Members" });
    // By keyboard: Enter on the name opens the card, Escape closes it and focus goes back to the name.
    await members.getByRole("button", { name: "alice", exact: true }).focus();
    await page.keyboard.press("Enter");
    const card = page.getByRole("dialog", { name: "alice" });
    await card.waitFor();
    await expect.poll(() => card.locator("[data-connection]").textContent(), long).toBe("No connection");

    // A role given by hand while the card is open shows on it at once, as Discord's profile does.
    const { discord, guildId } = playground();
    const helper = discord.roles.create(guildId, { name: "Helper <b>team</b>", color: 0x3498db });
    discord.roles.giveMember(guildId, playground().members.get("alice")?.user.id ?? "", helper.id);
    await card.getByRole("list", { name: "alice's roles" }).getByText("Helper <b>team</b>").waitFor(long);

    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      card.getByRole("button", { name: "Verify Linked Roles" }).click(),
    ]);
    // The fake Discord's consent page: signed in as alice, Authorize.
    await tab.getByLabel("Signed in as").selectOption({ label: "alice" });
    await tab.getByRole("button", { name: "Authorize" }).click();
    await tab.getByRole("heading", { name: "Verified" }).waitFor(long);

    const platformAlice = [...playground().sandbox.state.users.values()].find(
      (user) => user.username === "alice",
    );
    const connection = card.getByRole("region", { name: "Connection" });
    await connection.waitFor(long);
    expect(await connection.locator(".connection-platform").textContent()).toBe("Arena");
    expect(await connection.locator(".connection-username").textContent()).toBe("alice");
    await expect
      .poll(() => connection.locator(".connection-value").allTextContents(), long)
      .toContain(`Rating ${String(platformAlice?.rating)}`);
    await tab.close();
    await page.keyboard.press("Escape");
    await expect.poll(() => card.isVisible()).toBe(false);
    await expect.poll(() => page.locator(":focus").textContent()).toBe("alice");
    expect(opened.consoleErrors).toEqual([]);
  }, 60_000);

  it("at phone width, opens the DM from the Channels drawer and a member card that fits the screen", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Channels" }).click();
    await page.getByRole("button", { name: /^@ Arena Bot/ }).click();
    await expect.poll(() => page.locator("#sidebar").isVisible()).toBe(false);
    const input = page.getByRole("combobox", { name: "Message the bot" });
    await input.waitFor();
    const box = await input.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);

    await page.getByRole("button", { name: "Channels" }).click();
    await page
      .getByRole("region", { name: "Members" })
      .getByRole("button", { name: "bob", exact: true })
      .click();
    const card = page.getByRole("dialog", { name: "bob" });
    await card.waitFor();
    const cardBox = await card.boundingBox();
    expect((cardBox?.x ?? -1) >= 0 && (cardBox?.x ?? 0) + (cardBox?.width ?? 999) <= 390).toBe(true);
    expect(await card.locator("[data-connection]").textContent()).toBe("No connection");
    expect(await card.textContent()).not.toMatch(/null|undefined/);
    // Only the member's own card offers verification.
    expect(await card.getByRole("button", { name: "Verify Linked Roles" }).count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);
});
