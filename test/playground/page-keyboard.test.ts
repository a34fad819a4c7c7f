// The playground's page by keyboard alone (Tab, Shift+Tab, Enter, Space, Escape, arrows): channels, the
// member switcher, the composer and its completion, message buttons and menus, the Platform panel, a modal
// (Tab stays inside, Escape closes it and focus goes back to its opener) and the phone layout's drawers.
// Every place Tab stops at must show a focus ring that stands out (3:1) from what is around it.
import { ButtonStyle, ComponentType, Routes } from "discord-api-types/v10";
import type { CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { focusSteps } from "./focus-reading.js";
import {
  chromiumPath,
  noteWhenSkipped,
  usePlaygroundPage,
  postMenuMessage,
  valuesSentFrom,
} from "./playground-page.js";

noteWhenSkipped("the playground's keyboard test");

describe.skipIf(chromiumPath === undefined)("the playground's page by keyboard alone", () => {
  let page: Page;
  let cdp: CDPSession;

  const opened = usePlaygroundPage(async (open) => {
    page = open.page;
    cdp = await page.context().newCDPSession(page);
  });

  const { focused, expectVisibleRing, moveTo, expectFocusOn } = focusSteps(
    () => page,
    () => cdp,
  );
  const lastMessage = (text: string) => page.locator(".message", { hasText: text }).last();

  it("opens a channel, switches member and back, and keeps focus where it was", async () => {
    await moveTo("# announcements");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#channel-title").textContent()).toBe("# announcements");
    await expectFocusOn("# announcements");
    await moveTo("# general", "Shift+Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#channel-title").textContent()).toBe("# general");
    await expectFocusOn("# general");

    await moveTo("Member");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.getByLabel("Member", { exact: true }).inputValue()).toBe("bob");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => page.getByLabel("Member", { exact: true }).inputValue()).toBe("alice");
    await expectFocusOn("Member");
  });

  it("completes and sends /link from the composer, then links through its form: Tab stays inside, Escape returns focus", async () => {
    await moveTo("Message", "Tab", "combobox");
    await page.keyboard.type("/lin");
    await page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first().waitFor();
    await page.keyboard.press("Enter");
    expect(await page.getByRole("combobox", { name: "Message" }).inputValue()).toBe("/link ");
    await page.keyboard.press("Enter");
    await lastMessage("Link your platform account").waitFor();
    await expectFocusOn("Message");

    // Back from the composer into the prompt's buttons.
    await moveTo("Use an API key", "Shift+Tab");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await expectFocusOn(/^API key/i);
    // Tab goes round the dialog's four controls and never leaves it, both ways.
    const round = await moveTo(/^API key/i);
    expect(round).toEqual([
      `button "Use alice's sandbox key"`,
      `button "Cancel"`,
      `button "Submit"`,
      expect.stringMatching(/^textbox "API key/i),
    ]);
    await moveTo("Submit", "Shift+Tab");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expectFocusOn("Use an API key");

    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await moveTo("Use alice's sandbox key");
    await page.keyboard.press("Space");
    expect(await dialog.getByRole("textbox").inputValue()).toMatch(/^sk_/);
    await moveTo("Submit");
    await page.keyboard.press("Enter");
    await lastMessage("Linked as").waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    // Focus is back on a control (the opener, or the composer when its message is gone), not lost.
    expect(await focused()).not.toBeNull();
  });

  it("creates a battle with completion only, joins it from the card and keeps focus on Join as the card changes", async () => {
    await page.getByRole("combobox", { name: "Message" }).focus();
    for (const [typed, completed] of [
      ["/bat", "/battle "],
      ["cr", "/battle create "],
      ["diff", "/battle create difficulty:"],
      ["ea", "/battle create difficulty:easy "],
    ] as const) {
      await page.keyboard.type(typed);
      await expect
        .poll(() => page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").count())
        .toBeGreaterThan(0);
      await page.keyboard.press("Tab");
      await expect.poll(() => page.getByRole("combobox", { name: "Message" }).inputValue()).toBe(completed);
    }
    // Arrows move through what is offered; Escape closes the list, so Enter sends the line as it is.
    await expect
      .poll(() => page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").count())
      .toBeGreaterThan(1);
    await page.keyboard.press("ArrowDown");
    expect(await page.getByRole("combobox", { name: "Message" }).getAttribute("aria-activedescendant")).toBe(
      "suggestion-1",
    );
    await page.keyboard.press("Escape");
    await page.keyboard.press("Enter");
    const card = page
      .locator(".message", { hasText: "Join" })
      .filter({ has: page.locator(".embed") })
      .last();
    await card.waitFor();

    await moveTo("Join", "Shift+Tab");
    await page.keyboard.press("Enter");
    await lastMessage("You joined battle").waitFor();
    await expect.poll(() => card.textContent()).toMatch(/alice/);
    await expectFocusOn("Join");
  });

  it("picks in a menu with the arrows and sends it with Pick", async () => {
    const menuId = await postMenuMessage(opened.running, "general");
    const menu = page.locator(`#message-${menuId}`).getByRole("combobox", { name: "Choose a difficulty" });
    await menu.waitFor();
    await page.getByRole("combobox", { name: "Message" }).focus();
    await moveTo("Choose a difficulty", "Shift+Tab");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await menu.inputValue()).toBe("medium");
    await moveTo("Pick");
    await page.keyboard.press("Enter");
    // The bot knows no such menu and says so: the pick reached it.
    await lastMessage("no longer active").waitFor();
    await expectFocusOn("Pick");
    // Moving through the menu sent nothing: the one interaction is Pick's, with the value arrived at.
    expect(valuesSentFrom(opened.running, menuId)).toEqual([["medium"]]);
  });

  it("keeps focus on a control when a redraw disables the one that had it", async () => {
    const { playground } = opened.running;
    const channelId = playground.channels.get("general") ?? "";
    const button = (label: string, disabled: boolean) => ({
      type: ComponentType.Button,
      style: ButtonStyle.Secondary,
      custom_id: `redraw-${label.toLowerCase()}`,
      label,
      disabled,
    });
    const row = (disabled: boolean) => [
      { type: ComponentType.ActionRow, components: [button("First", false), button("Second", disabled)] },
    ];
    const { id } = (await playground.bot.deps.rest.post(Routes.channelMessages(channelId), {
      body: { content: "Seats", components: row(false) },
    })) as { id: string };
    const second = page.locator(`#message-${id}`).getByRole("button", { name: "Second" });
    await second.focus();
    await expectFocusOn("Second");
    await playground.bot.deps.rest.patch(Routes.channelMessage(channelId, id), {
      body: { content: "Seats, one closed", components: row(true) },
    });
    await page.locator(`#message-${id}`, { hasText: "one closed" }).waitFor();
    // Not lost to the page: the disabled button cannot hold it, so it goes to one that can.
    await expect.poll(async () => (await focused())?.name ?? "(page)").not.toBe("(page)");
    await expectVisibleRing();
  });

  it("keeps focus on ▶ when the next page changes its custom id and enables ◀ where ▶ stood", async () => {
    const { playground } = opened.running;
    const channelId = playground.channels.get("general") ?? "";
    // As paginationRow draws a page: ▶'s custom id names the page it leads to.
    const pageRow = (page: number) => [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Secondary,
            custom_id: `nav:${page - 1}:prev`,
            label: "◀",
            disabled: page === 0,
          },
          {
            type: ComponentType.Button,
            style: ButtonStyle.Secondary,
            custom_id: `nav:noop:${page}`,
            label: `Page ${page + 1}`,
            disabled: true,
          },
          {
            type: ComponentType.Button,
            style: ButtonStyle.Secondary,
            custom_id: `nav:${page + 1}:next`,
            label: "▶",
          },
        ],
      },
    ];
    const { id } = (await playground.bot.deps.rest.post(Routes.channelMessages(channelId), {
      body: { content: "Standings, page 1", components: pageRow(0) },
    })) as { id: string };
    await page.locator(`#message-${id}`).getByRole("button", { name: "▶" }).focus();
    await expectFocusOn("▶");
    await playground.bot.deps.rest.patch(Routes.channelMessage(channelId, id), {
      body: { content: "Standings, page 2", components: pageRow(1) },
    });
    await page.locator(`#message-${id}`, { hasText: "page 2" }).waitFor();
    await expectFocusOn("▶");
    await expectVisibleRing();
  });

  it("keeps focus on a message's button when the channel is drawn again from a read", async () => {
    // Before, the read's list replaced the one focus was in, and focus fell to the page.
    const { playground } = opened.running;
    const red = {
      type: ComponentType.Button,
      style: ButtonStyle.Primary,
      custom_id: "side-red",
      label: "Red",
    };
    const post = async () =>
      (
        (await playground.bot.deps.rest.post(
          Routes.channelMessages(playground.channels.get("general") ?? ""),
          {
            body: {
              content: "Pick a side",
              components: [{ type: ComponentType.ActionRow, components: [red] }],
            },
          },
        )) as { id: string }
      ).id;
    // Two posts with the same button: focus comes back in the one it was in.
    await post();
    const id = await post();
    await page.locator(`#message-${id}`).getByRole("button", { name: "Red" }).focus();
    await expectFocusOn("Red");
    // The member switcher's change draws the open channel again, as switching to another member does.
    await page.evaluate(`document.getElementById("message-${id}").setAttribute("data-drawn-before", "");
      document.getElementById("member-select").dispatchEvent(new Event("change"));`);
    await expect.poll(() => page.locator("[data-drawn-before]").count()).toBe(0);
    await expectFocusOn("Red");
    expect(await page.evaluate(`document.activeElement.closest("[id^=message-]").id`)).toBe(`message-${id}`);
    await expectVisibleRing();
  });

  it("uses the Platform panel: sends an event and finishes the battle, focus staying on each button", async () => {
    await page.getByRole("combobox", { name: "Message" }).focus();
    await moveTo("Finish battle");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("status").textContent()).toMatch(/^The platform finished battle/);
    await expectFocusOn("Finish battle");
    await moveTo("Send the bot an event");
    await page.keyboard.press("ArrowDown");
    await expect
      .poll(() => page.getByLabel("Payload (edit freely)").inputValue())
      .toContain('"event": "battle.started"');
    // A radio group is one Tab stop; the arrows choose within it.
    await moveTo("Standard");
    await page.keyboard.press("ArrowDown");
    await expectFocusOn("Older form");
    expect(await page.getByRole("radio", { name: "Older form" }).isChecked()).toBe(true);
    await expect.poll(() => page.getByLabel("Payload (edit freely)").inputValue()).toContain('"timestamp"');
    await moveTo("Send event");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("status").textContent()).toMatch(/\(battle\.started\): accepted/);
    await expectFocusOn("Send event");
  });

  it("has no trap: Tab goes through every control and comes back round", async () => {
    // From the last control, round to the first, then through all of them to the last again.
    expect((await focused())?.name).toBe("Send event");
    // The server's Events come first, above its channels, as in Discord.
    expect(await moveTo("# general")).toEqual(["(page)", `button "Events"`, `button "# general"`]);
    const stops = await moveTo("Send event");
    expect(stops).toEqual(
      expect.arrayContaining([
        `combobox "Member"`,
        `button "Use an API key"`,
        `combobox "Choose a difficulty"`,
        `combobox "Message"`,
        `button "Send"`,
        `button "Move clock"`,
      ]),
    );
    expect(stops.filter((stop) => stop === "(page)")).toEqual([]);
  });

  it("at phone width, opens and closes each drawer from its toggle; Escape closes it and focus goes back", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await moveTo("Channels");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.getByRole("button", { name: "Channels" }).getAttribute("aria-expanded"))
      .toBe("true");
    // Tab goes into the drawer, never behind it to the chat.
    const intoDrawer = await moveTo(/^# announcements/);
    expect(intoDrawer.some((stop) => stop.includes('"Message"'))).toBe(false);
    await page.keyboard.press("Escape");
    await expectFocusOn("Channels");
    await expect.poll(() => page.locator("#sidebar").isVisible()).toBe(false);

    await page.keyboard.press("Enter");
    await moveTo(/^# announcements/);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#channel-title").textContent()).toBe("# announcements");
    await expect.poll(() => page.locator("#sidebar").isVisible()).toBe(false);
    await expectFocusOn("Channels");

    await moveTo("Platform");
    await page.keyboard.press("Enter");
    const inPanel = await moveTo("Finish battle");
    expect(inPanel.some((stop) => stop.includes('"Message"') || stop.includes('"Join"'))).toBe(false);
    await page.keyboard.press("Escape");
    await expectFocusOn("Platform");
    await expect.poll(() => page.locator("#platform").isVisible()).toBe(false);
    // With no drawer open, the chat is reachable again.
    await moveTo("Message", "Tab", "combobox");
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
