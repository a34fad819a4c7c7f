// Threads and the Events view in the playground's page, in headless Chromium: a battle card's thread is drawn
// under the card (its name, message count, "Archived", last message time), opens beside the channel with its
// posts drawn live as they arrive, by mouse and by keyboard, and at phone width; an admin turns tournament
// events on from the page and the Events view lists the open tournaments (platform text as plain text), then
// shows one active once the platform starts it and completed once the clock passes its end.
import { mkdir } from "node:fs/promises";
import { Routes } from "discord-api-types/v10";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, memberSteps, noteWhenSkipped, usePlaygroundPage } from "./playground-page.js";
import { heldReads } from "./held-read.js";

noteWhenSkipped("the playground's threads and events test");
// Saved under test-results/ (ignored by git); UPDATE_SCREENSHOTS=1 writes the README's copies in docs/ instead.
const screenshots = process.env.UPDATE_SCREENSHOTS === "1" ? "docs/screenshots" : "test-results/screenshots";

const hour = 3_600_000;
const hostileTitle = "<img src=x onerror=alert(1)> **Night** Cup @everyone";
const hostilePrize = "<b>$5</b> [prize](https://example.com)";

describe.skipIf(chromiumPath === undefined)("threads and events in the playground's page", () => {
  let page: Page;
  const heldReadsOnPage = () => heldReads(page, opened.running);

  const opened = usePlaygroundPage(async (open) => {
    page = open.page;
    await mkdir(screenshots, { recursive: true });
  });

  const ephemeral = (text: string) => page.locator(".message.ephemeral", { hasText: text }).last();
  const threadPanel = () => page.getByRole("region", { name: /^🧵/ });

  it("draws a battle card's thread under the card, opens it beside the channel, and shows it archived live", async () => {
    const { send, actAs, openChannel, link } = memberSteps(page);
    await openChannel("announcements");
    await link("alice");
    await send("/battle create difficulty:easy language:python");
    const card = page
      .locator("#messages > .message", { hasText: "seats taken" })
      .filter({ has: page.locator(".embed") })
      .last();
    await card.getByRole("button", { name: "Join" }).click();
    await ephemeral("You joined battle").waitFor();

    // The thread is started under the card (alice's join may have come before it).
    const summary = card.locator(".thread-summary");
    await summary.waitFor({ timeout: 15_000 });
    expect(await summary.locator(".thread-name").textContent()).not.toBe("");
    expect(await summary.locator(".thread-count").textContent()).toMatch(/^\d+ messages?$/);
    expect(await summary.locator(".thread-archived").count()).toBe(0);
    // A thread is not a channel of the list.
    expect(await page.locator("#channels li").count()).toBe(2);

    await summary.click();
    const panel = threadPanel();
    await panel.waitFor();
    expect(await summary.getAttribute("aria-expanded")).toBe("true");
    const posts = panel.getByRole("list", { name: "Thread messages" });

    // bob's join arrives in the open thread as it is posted, and the summary counts it.
    await actAs("bob");
    await link("bob");
    await card.getByRole("button", { name: "Join" }).click();
    await ephemeral("You joined battle").waitFor();
    await posts.locator(".message", { hasText: "bob joined the battle" }).waitFor({ timeout: 15_000 });
    await expect.poll(() => summary.locator(".thread-count").textContent()).toMatch(/^[1-9]\d* messages?$/);
    expect(await summary.locator(".thread-last time").textContent()).toMatch(/now|second/);

    // The result, drawn with embeds as in the channel, and the thread archived, while the panel is open.
    await page.getByRole("button", { name: "Finish battle" }).click();
    await posts.locator(".embed", { hasText: "Battle finished" }).waitFor({ timeout: 15_000 });
    await summary.locator(".thread-archived", { hasText: "Archived" }).waitFor({ timeout: 15_000 });
    await expect.poll(() => panel.locator("#thread-state").textContent()).toContain("Archived");
    await page.screenshot({ path: `${screenshots}/playground-thread.png` });
    const inThread = await posts.locator(".message").count();
    await expect
      .poll(() => summary.locator(".thread-count").textContent())
      .toBe(`${String(inThread)} messages`);

    await panel.getByRole("button", { name: "Close thread" }).click();
    await panel.waitFor({ state: "hidden" });
    expect(await summary.getAttribute("aria-expanded")).toBe("false");

    // By keyboard: Enter on the summary opens the thread with focus on its title, Escape closes it and gives
    // focus back to the summary.
    const summaryId = await summary.getAttribute("id");
    await summary.focus();
    await page.keyboard.press("Enter");
    await panel.waitFor();
    await expect.poll(() => page.evaluate("document.activeElement?.id")).toBe("thread-title");
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
    await expect.poll(() => page.evaluate("document.activeElement?.id")).toBe(summaryId);

    // At phone width the thread covers the chat, and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await summary.click();
    await panel.waitFor();
    // A string, so the test compiles without the DOM's types.
    const fits = await page.evaluate(`(() => {
      const box = document.getElementById("thread-panel").getBoundingClientRect();
      return {
        left: box.left >= 0,
        right: box.right <= innerWidth,
        noOverflow: document.documentElement.scrollWidth <= innerWidth,
      };
    })()`);
    expect(fits).toEqual({ left: true, right: true, noOverflow: true });
    await panel.getByRole("button", { name: "Close thread" }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(opened.consoleErrors).toEqual([]);
  }, 90_000);

  it("draws a thread's summary as soon as it is started, its name as text, and counts a post in it", async () => {
    const { playground } = opened.running;
    const { rest } = playground.bot.deps;
    const general = playground.channels.get("general") ?? "";
    await memberSteps(page).openChannel("general");
    const starter = (await rest.post(Routes.channelMessages(general), {
      body: { content: "Talk here" },
    })) as {
      id: string;
    };
    const message = page.locator(`#message-${starter.id}`);
    await message.waitFor();
    const name = "<b>Side</b> talk @everyone";
    await rest.post(Routes.threads(general, starter.id), { body: { name } });
    const summary = message.locator(".thread-summary");
    await summary.waitFor();
    expect(await summary.locator(".thread-name").textContent()).toBe(name);
    expect(await summary.locator("b").count()).toBe(0);
    expect(await summary.locator(".thread-count").textContent()).toBe("0 messages");
    await rest.post(Routes.channelMessages(starter.id), { body: { content: "**first** post" } });
    await expect.poll(() => summary.locator(".thread-count").textContent()).toBe("1 message");
    // The post is the thread's, not the channel's.
    expect(await page.locator("#messages .message", { hasText: "first post" }).count()).toBe(0);
    await summary.click();
    await threadPanel().locator(".message strong", { hasText: "first" }).waitFor();
    await threadPanel().getByRole("button", { name: "Close thread" }).click();
  }, 60_000);

  it("draws a post and its thread made while the channel's read was on its way, once the read lands", async () => {
    const { playground } = opened.running;
    const { rest } = playground.bot.deps;
    const general = playground.channels.get("general") ?? "";
    // The read of #general is answered by the server at once but handed to the page only when the test says,
    // so the page hears the post and its thread on the live stream before a read that has neither lands.
    const read = await heldReadsOnPage().openGeneralWithReadHeld();
    try {
      const starter = (await rest.post(Routes.channelMessages(general), {
        body: { content: "Posted during the read" },
      })) as { id: string };
      await rest.post(Routes.threads(general, starter.id), { body: { name: "During the read" } });
      await heldReadsOnPage().waitUntilPageHeardAll();
      read.land();
      const message = page.locator(`#message-${starter.id}`);
      await message.locator(".thread-summary", { hasText: "During the read" }).waitFor();
      expect(await page.locator(`#messages #message-${starter.id}`).count()).toBe(1);
    } finally {
      await read.done();
    }
  }, 60_000);

  it("draws a thread archived while the channel's read was on its way as archived, once the read lands", async () => {
    const { playground } = opened.running;
    const thread = playground.discord.threads.find(playground.guildId, "During the read");
    if (thread === undefined) throw new Error("the thread of the test before is missing");
    const read = await heldReadsOnPage().openGeneralWithReadHeld();
    try {
      playground.discord.threads.setArchived(thread.id, true);
      await heldReadsOnPage().waitUntilPageHeardAll();
      read.land();
      await page.locator(`#message-${thread.id} .thread-summary .thread-archived`).waitFor();
    } finally {
      await read.done();
      playground.discord.threads.setArchived(thread.id, false);
    }
  }, 60_000);

  it("lists the open tournaments in the Events view once an admin turns events on, live as they start and end", async () => {
    const { sandbox, discord, guildId } = opened.running.playground;
    const { send, actAs, link } = memberSteps(page);
    const startsAt = sandbox.clock.now() + 3 * hour;
    const hostile = sandbox.control.createTournament({
      title: hostileTitle,
      startTime: startsAt,
      durationMinutes: 60,
      format: "swiss",
      difficulty: "easy",
      maxParticipants: 8,
      prize: hostilePrize,
    });

    await actAs("admin");
    await link("admin");
    await send("/setup events on");
    await ephemeral("Tournament events are on").waitFor();
    // With reminders set too, their read of the open tournaments brings the events (no second read).
    await send("/setup reminders set channel:#announcements before:1h");
    await ephemeral("Tournament reminders are on").waitFor();

    await page.getByRole("button", { name: /^Events/ }).click();
    expect(await page.locator("#channel-title").textContent()).toBe("Events");
    const view = page.getByRole("region", { name: "Events" });
    const card = view.locator(".event-card").filter({ hasText: `id:${hostile.id}` });
    await card.waitFor({ timeout: 20_000 });
    await view.getByRole("listitem", { name: "Weekly Sprint #42" }).waitFor();
    // Platform text as text: no element made of it, the markdown kept as the bot wrote it (which breaks up
    // a mention and a tag with zero-width spaces).
    const [event] = discord.scheduledEvents
      .list(guildId)
      .filter((each) => each.location?.includes(hostile.id) === true);
    expect(await card.locator(".event-name").textContent()).toBe(event?.name);
    expect(event?.name.replaceAll("\u200b", "")).toBe(hostileTitle);
    expect(await card.locator("img, b, a, strong").count()).toBe(0);
    // The description is drawn as Discord draws it, as markdown: the bot escaped the prize there, so it reads
    // as the platform wrote it.
    expect(event?.description?.replaceAll("\u200b", "")).toContain("Prize: <b>$5</b> \\[prize\\](https://");
    expect((await card.locator(".event-description").textContent())?.replaceAll("\u200b", "")).toContain(
      `Prize: ${hostilePrize}`,
    );
    expect(await card.locator(".event-location").textContent()).toContain(
      `/tournament register id:${hostile.id}`,
    );
    expect(await card.locator(".event-status").textContent()).toBe("Scheduled");
    expect(await card.locator(".event-when time").nth(1).textContent()).toBe("in 3 hours");
    expect(await card.locator(".interest-count").textContent()).toBe("0 interested");
    // The sidebar counts what is coming; the composer is the channel's, not the view's.
    await expect.poll(() => page.locator("#events-count").textContent()).toMatch(/^ \(\d+\)$/);
    expect(await page.locator("#composer").isVisible()).toBe(false);

    // The admin marks it Interested, as in Discord: counted at once, and pressed again to take it back.
    const interested = card.getByRole("button", { name: "Interested" });
    expect(await interested.getAttribute("aria-pressed")).toBe("false");
    await interested.click();
    await expect.poll(() => card.locator(".interest-count").textContent()).toBe("1 interested");
    expect(await interested.getAttribute("aria-pressed")).toBe("true");
    expect(discord.scheduledEvents.interested(guildId, event?.id ?? "").map((user) => user.username)).toEqual(
      ["admin"],
    );
    await page.screenshot({ path: `${screenshots}/playground-events.png` });

    // The platform starts it: the event turns active on the page as the bot syncs it.
    const panel = page.getByRole("complementary", { name: "The platform" });
    await panel.getByLabel("Start a tournament (empty: the next open one)").fill(hostile.id);
    await panel.getByRole("button", { name: "Start tournament" }).click();
    await expect
      .poll(() => card.locator(".event-status").textContent(), { timeout: 20_000 })
      .toBe("Active — happening now");

    // The clock moves past its end: completed, and the times are read against the moved clock.
    await panel.getByLabel("Move the clock (seconds)").fill(String((6 * hour) / 1000));
    await panel.getByRole("button", { name: "Move clock" }).click();
    await expect
      .poll(() => card.locator(".event-status").textContent(), { timeout: 20_000 })
      .toBe("Completed");
    // The card may be drawn Completed before the page hears the clock moved (the bot's sync and the panel's
    // answer race), so the time is waited for too.
    await expect.poll(() => card.locator(".event-when time").nth(1).textContent()).toBe("3 hours ago");

    // Back to a channel: its messages and the composer again.
    await page.getByRole("button", { name: /^# announcements/ }).click();
    await page.locator("#composer").waitFor();
    expect(await view.isVisible()).toBe(false);
    expect(opened.consoleErrors).toEqual([]);
  }, 90_000);
});
