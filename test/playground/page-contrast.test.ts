// Text on the playground's page is readable: the WCAG 2 contrast of every visible text against what is
// behind it (contrast.ts), at 1280×800 and at 390×844, in each state that shows other text: the composer's
// suggestions, a modal, the DM with the bot and a member card, the panel's answers and errors, a thread, the
// Events view, the phone layout's drawers.
import { GuildScheduledEventStatus } from "discord.js";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  chromiumPath,
  fillGeneral,
  memberSteps,
  noteWhenSkipped,
  usePlaygroundPage,
} from "./playground-page.js";
import { unreadableTexts } from "./text-reading.js";

noteWhenSkipped("the playground's contrast test");

describe.skipIf(chromiumPath === undefined)("text on the playground's page is readable", () => {
  let page: Page;

  const opened = usePlaygroundPage(async (open) => {
    page = open.page;
    await fillGeneral(open);
  });

  const expectReadable = async (rootSelector = "body") => {
    const { measured, failures } = await unreadableTexts(page, rootSelector);
    expect(failures).toEqual([]);
    return measured;
  };

  it("at 1280×800: the page, the composer's suggestions and an error", async () => {
    // Among what was measured: the bot's tag, a placeholder, a menu, the panel, the member list; not the
    // disabled button, which is dimmed on purpose.
    const measured = await expectReadable();
    expect(measured).toEqual(
      expect.arrayContaining(["APP", "battle id", "Choose a difficulty", "Send event", "Members"]),
    );
    expect(measured).not.toContain("Closed");
    // The panel's answer, and a post in #announcements that marks it unread.
    await page.getByLabel("Send the bot an event").selectOption("system.tournament_started");
    await expect
      .poll(() => page.getByLabel("Payload (edit freely)").inputValue())
      .toContain("tournament_started");
    await page.getByRole("button", { name: "Send event" }).click();
    await page.getByRole("button", { name: /^# announcements • new$/ }).waitFor();
    const { composer, send } = memberSteps(page);
    await composer().click();
    await composer().pressSequentially("/b");
    await page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first().waitFor();
    // The panel's answer comes apart from the post that marks the channel: waited for on its own.
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toMatch(/^Event evt_\w+ \(system\.tournament_started\): accepted/);
    expect(await expectReadable()).toEqual(
      expect.arrayContaining(["Coding battles", "• new", expect.stringMatching(/^Event evt_\w+ \(system/)]),
    );
    await send("/no-such-command");
    await expect.poll(() => page.locator("#composer-error").textContent()).not.toBe("");
    await page.getByLabel("Finish a battle (empty: the newest running one)").fill("no-such-battle");
    await page.getByRole("button", { name: "Finish battle" }).click();
    await page.locator(".platform-status.failed").waitFor();
    expect(await expectReadable()).toEqual(
      expect.arrayContaining([
        expect.stringContaining("/no-such-command is not"),
        expect.stringContaining("no-such-battle"),
      ]),
    );
  });

  it("at 1280×800: a modal", async () => {
    const prompt = page.locator(".message.ephemeral", { hasText: "Link your platform account" }).last();
    await prompt.getByRole("button", { name: "Use an API key" }).click();
    await page.getByRole("dialog").waitFor();
    // Behind an open modal the page is dimmed and out of reach; its text is measured in the other states.
    expect(await expectReadable("dialog[open]")).toEqual(
      expect.arrayContaining(["Link with an API key", "*", "Use alice's sandbox key", "Cancel", "Submit"]),
    );
    await page.getByRole("button", { name: "Cancel" }).click();
  });

  it("at 1280×800: the DM with the bot and a member card", async () => {
    await page.getByRole("button", { name: /^@ Arena Bot/ }).click();
    await page.getByRole("button", { name: "Add to my apps" }).waitFor();
    expect(await expectReadable()).toEqual(
      expect.arrayContaining([
        "Direct messages",
        "Add to my apps",
        expect.stringContaining("beginning of your"),
      ]),
    );
    await page.getByRole("button", { name: "Add to my apps" }).click();
    // The bot's DM commands, as the "/" list offers them there.
    const input = page.getByRole("combobox", { name: "Message the bot" });
    await expect.poll(() => input.isDisabled()).toBe(false);
    await input.fill("/ra");
    await page.locator("#dm-suggestions .suggestion-label", { hasText: "/rank" }).waitFor();
    expect(await expectReadable()).toEqual(expect.arrayContaining(["/rank"]));
    await input.fill("");
    const members = page.getByRole("region", { name: "Members" });
    await members.getByRole("button", { name: "alice", exact: true }).click();
    await page.getByRole("dialog", { name: "alice" }).waitFor();
    expect(await expectReadable("dialog[open]")).toEqual(
      expect.arrayContaining(["alice", "A", "Roles", "Linked Roles", "No connection", "Verify Linked Roles"]),
    );
    await page.getByRole("button", { name: "Close" }).click();
    await memberSteps(page).openChannel("general");
  });

  it("at 1280×800: a thread's summary and panel, and the Events view", async () => {
    const { discord, guildId, members } = opened.running.playground;
    await memberSteps(page).openChannel("general");
    const summary = page.locator("#messages .thread-summary").last();
    await summary.waitFor({ timeout: 15_000 });
    // A moderator archives the card's thread by hand (it shares the card's id).
    const threadId = (await summary.getAttribute("id"))?.replace("thread-summary-", "") ?? "";
    discord.threads.setArchived(threadId, true);
    await summary.locator(".thread-archived").waitFor({ timeout: 15_000 });
    await summary.click();
    await page.locator("#thread-state", { hasText: "Archived" }).waitFor();
    expect(await expectReadable()).toEqual(
      expect.arrayContaining(["Archived", expect.stringMatching(/^\d+ messages?$/), "Close"]),
    );
    await page.getByRole("button", { name: "Close thread" }).click();

    const adminId = members.get("admin")?.user.id ?? "";
    const at = (hoursAhead: number) => new Date(Date.now() + hoursAhead * 3_600_000).toISOString();
    for (const name of ["Open Cup", "Live Cup"]) {
      discord.scheduledEvents.createByMember(guildId, adminId, {
        name,
        description: "Register with /tournament register",
        scheduledStartTime: at(1),
        scheduledEndTime: at(2),
        location: "Discord",
      });
    }
    const live = discord.scheduledEvents.find(guildId, "Live Cup");
    discord.scheduledEvents.setStatus(guildId, live?.id ?? "", GuildScheduledEventStatus.Active);
    await page.getByRole("button", { name: /^Events/ }).click();
    await page.locator(".event-card.active").waitFor();
    expect(await expectReadable()).toEqual(
      expect.arrayContaining(["Scheduled", "Active — happening now", "Open Cup", "0 interested"]),
    );
    await memberSteps(page).openChannel("general");
  });

  it("at 390×844: the chat and each drawer", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await expectReadable()).toEqual(expect.arrayContaining(["Channels", "Platform", "Join"]));
    for (const [drawer, inside] of [
      ["Channels", "Add a member"],
      ["Platform", "Send event"],
    ] as const) {
      await page.getByRole("button", { name: drawer }).click();
      expect(await expectReadable()).toContain(inside);
      await page.getByRole("button", { name: drawer }).click();
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
