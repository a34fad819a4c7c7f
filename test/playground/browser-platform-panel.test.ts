// The playground's Platform panel and the messages it posts, in a real browser (Debian's Chromium, headless):
// where an event sent from the panel went, a select menu's picks sent back, and the one clock moved. Runs
// when a Chromium is found (CHROMIUM_PATH or /usr/bin/chromium).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { drawLiveRelativeTimestamp, drawRelativeTimestamp, readButtonLook } from "./page-drawing.js";
import {
  chromiumPath,
  memberSteps,
  noteWhenSkipped,
  usePlaygroundPage,
  platformPanelSteps,
  postMenuMessage,
  valuesSentFrom,
} from "./playground-page.js";

noteWhenSkipped("the playground's Platform panel test");

describe.skipIf(chromiumPath === undefined)("the playground's Platform panel in Chromium", () => {
  let page: Page;

  const opened = usePlaygroundPage(async (open) => {
    page = open.page;
    // Where the events and menus below are posted.
    await memberSteps(page).openChannel("announcements");
  });

  it("says where an event sent from the Platform panel went: queued posts, no subscriber, a duplicate", async () => {
    const { panel, status, sendEvent, sendEdited } = platformPanelSteps(page);

    // #announcements takes tournament starts (start-playground.ts subscribes it to the defaults).
    await sendEvent("system.tournament_started");
    await expect
      .poll(() => status.textContent())
      .toMatch(
        /^Event evt_\w+ \(system\.tournament_started\): accepted\. 1 post queued, in #announcements\.$/,
      );
    await page.locator(".message", { hasText: "Tournament" }).first().waitFor();

    await panel.getByRole("button", { name: "Send event" }).click();
    await expect.poll(() => status.textContent()).toMatch(/: duplicate\. .*nothing was queued\.$/);

    await sendEvent("team.created");
    await expect
      .poll(() => status.textContent())
      .toMatch(
        /\(team\.created\): accepted, but no channel subscribed to team\.created, so nothing was queued\.$/,
      );

    // Edited by hand: the kind the payload names is the one reported, whatever the menu shows.
    await sendEdited({ id: "evt_hand_edited_kind", event: "contest.renamed" });
    await expect
      .poll(() => status.textContent())
      .toBe(
        'Event evt_hand_edited_kind (contest.renamed): ignored. The bot does not know the kind "contest.renamed"; it stored the event and queued nothing.',
      );
    await sendEdited({
      id: "evt_hand_edited_stale",
      event: "team.created",
      created: "2020-01-01T00:00:00.000Z",
    });
    await expect
      .poll(() => status.textContent())
      .toMatch(/^Event evt_hand_edited_stale \(team\.created\): stale\. .*nothing was queued\.$/);
  });

  it("draws a string select menu and sends the values picked with Pick, one or several", async () => {
    const { running } = opened;
    const single = await postMenuMessage(running, "announcements");
    const menu = page.locator(`#message-${single}`).getByRole("combobox", { name: "Choose a difficulty" });
    await menu.waitFor();
    expect(await menu.locator("option").allTextContents()).toEqual([
      "Choose a difficulty",
      "Easy",
      "Medium",
      "Hard",
    ]);
    await menu.selectOption("medium");
    await menu.selectOption("hard");
    // A disabled button is dimmed as in Discord, an enabled one is not.
    const looks = (name: string) =>
      readButtonLook(page.locator(`#message-${single}`).getByRole("button", { name }));
    expect(await looks("Closed")).toEqual({ opacity: "0.5", cursor: "not-allowed" });
    expect(await looks("Pick")).toEqual({ opacity: "1", cursor: "pointer" });
    await page.locator(`#message-${single}`).getByRole("button", { name: "Pick" }).click();
    await expect.poll(() => valuesSentFrom(running, single)).toEqual([["hard"]]);
    // The bot has no such menu and answers so, for this member only.
    await page
      .locator(".message.ephemeral", { hasText: "This button is no longer active." })
      .last()
      .waitFor();

    const several = await postMenuMessage(running, "announcements", { maxValues: 2 });
    const list = page.locator(`#message-${several}`).getByRole("listbox", { name: "Choose difficulties" });
    await list.selectOption(["easy"]);
    await list.selectOption(["easy", "medium"]);
    await page.locator(`#message-${several}`).getByRole("button", { name: "Pick" }).click();
    await expect.poll(() => valuesSentFrom(running, several)).toEqual([["easy", "medium"]]);
  });

  // Last: the clock stays moved (playground/README.md, "One clock").
  it("moves the one clock from the panel, and reads relative timestamps against it", async () => {
    const panel = page.getByRole("complementary", { name: "The platform" });
    await expect
      .poll(() => panel.getByLabel("Move the clock (seconds)").getAttribute("aria-describedby"))
      .toBe("clock-note");
    expect(await panel.locator("#clock-note").textContent()).toMatch(
      /One clock: it drives the platform, the bot and Discord's timestamps\./,
    );
    const twoDays = 2 * 24 * 3600;
    const inTwoDays = Math.floor(Date.now() / 1000) + twoDays;
    const drawRelative = () => drawRelativeTimestamp(page, inTwoDays);
    expect(await drawRelative()).toBe("in 2 days");

    await panel.getByLabel("Move the clock (seconds)").fill(String(twoDays));
    await panel.getByRole("button", { name: "Move clock" }).click();
    await expect
      .poll(() => panel.getByRole("status").textContent())
      .toMatch(/^The clock moved 172800 s ahead/);
    // Within seconds of the moved clock's now, either side of it.
    expect(await drawRelative()).toMatch(/^(now|in \d+ seconds?|\d+ seconds? ago)$/);

    // A relative time already on the page follows the clock, as Discord's client keeps it current.
    const first = await drawLiveRelativeTimestamp(page, Math.floor(Date.now() / 1000) + twoDays + 30);
    expect(first).toMatch(/^in \d+ seconds$/);
    await expect.poll(() => page.locator("#live-timestamp").textContent()).not.toBe(first);
  });
});
