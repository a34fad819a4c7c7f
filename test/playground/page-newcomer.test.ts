// A newcomer's path through the playground's page, by clicking and typing only, in headless Chromium: two
// members link through the /link form, one creates a battle, both join from its card (which shows each join
// at once and, full, greys Join out), one submits code from the card, the battle is finished from the
// Platform panel, the result and the rating changes are posted, /rank draws the chart; then an admin turns
// tournament reminders on, reads when the next tournament starts from /tournament list, and moves the one clock
// to just past its reminder's time from the panel, and the reminder is posted. The page's console stays free of
// errors throughout, its first load included. Each button of the Platform panel is answered where it was pressed.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, memberSteps, noteWhenSkipped, usePlaygroundPage } from "./playground-page.js";

noteWhenSkipped("the playground's newcomer test");

const hour = 3_600_000;

// The few DOM shapes the panel's check reads (the tests compile without the DOM's types).
interface SeenElement {
  getBoundingClientRect(): { x: number; y: number; width: number; height: number };
  ownerDocument: { elementFromPoint(x: number, y: number): unknown };
  contains(other: unknown): boolean;
}

describe.skipIf(chromiumPath === undefined)("a newcomer's path through the playground's page", () => {
  let page: Page;

  const opened = usePlaygroundPage((open) => {
    page = open.page;
  });

  it("links two members, plays a battle to its result and chart, and moves the clock to a reminder", async () => {
    const { send, actAs, openChannel, link } = memberSteps(page);
    const ephemeral = (text: string) => page.locator(".message.ephemeral", { hasText: text }).last();

    await openChannel("announcements");
    await link("alice");
    await send("/battle create difficulty:easy language:python");
    const card = page
      .locator(".message", { hasText: "seats taken" })
      .filter({ has: page.locator(".embed") })
      .last();
    await card.getByRole("button", { name: "Join" }).click();
    await ephemeral("You joined battle").waitFor();
    await expect.poll(() => card.textContent()).toContain("1/2 seats taken");

    await actAs("bob");
    await link("bob");
    await card.getByRole("button", { name: "Join" }).click();
    await ephemeral("You joined battle").waitFor();
    // Full: both seats shown at once, and Join greyed out.
    await expect.poll(() => card.textContent()).toContain("2/2 seats taken");
    await expect.poll(() => card.getByRole("button", { name: "Join" }).isDisabled()).toBe(true);

    await card.getByRole("button", { name: "Submit code" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByLabel("Language").inputValue()).toBe("python");
    await dialog.getByLabel("Code").fill("print('PASS')");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await ephemeral("Submission accepted").waitFor();

    await page.getByRole("button", { name: "Finish battle" }).click();
    const result = page.locator(".embed", { hasText: "Battle finished" });
    await result.waitFor({ timeout: 15_000 });
    expect(await result.textContent()).toMatch(/bob/);
    await page.locator(".embed", { hasText: "Rating changes after" }).waitFor({ timeout: 15_000 });

    await send("/rank");
    const chart = page.locator(".message.ephemeral img.embed-image").last();
    await expect
      .poll(() => chart.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(100);

    await actAs("admin");
    await link("admin");
    await send("/setup reminders set channel:#announcements before:1h");
    await ephemeral("Tournament reminders are on").waitFor();
    await send("/tournament list");
    // The soonest start the list shows, as the page draws it (a <time> with its instant).
    const list = page.locator(".message", { hasText: "Weekly Sprint #42" }).last();
    await list.waitFor();
    const starts = await list
      .locator("time.timestamp")
      .evaluateAll((times) => times.map((time) => (time as unknown as { dateTime: string }).dateTime));
    const soonest = Math.min(...starts.map((iso) => Date.parse(iso)).filter((at) => at > Date.now()));
    // A minute past the reminder's moment, an hour before that start (well inside the quarter of its lead time
    // within which a late reminder is still sent).
    const seconds = Math.ceil((soonest - hour + 60_000 - Date.now()) / 1000);
    const panel = page.getByRole("complementary", { name: "The platform" });
    await panel.getByLabel("Move the clock (seconds)").fill(String(seconds));
    await panel.getByRole("button", { name: "Move clock" }).click();
    await expect.poll(() => panel.getByRole("status").textContent()).toMatch(/^The clock moved \d+ s ahead/);
    const reminder = page.locator(".message", { hasText: /Weekly Sprint #42\s*starts/ }).last();
    await reminder.waitFor({ timeout: 20_000 });
    expect(await reminder.getByRole("button", { name: "Register" }).count()).toBe(1);

    expect(opened.consoleErrors).toEqual([]);
  }, 90_000);

  it("answers each of the Platform panel's buttons in sight, under the button pressed", async () => {
    const panel = page.getByRole("complementary", { name: "The platform" });
    const status = panel.getByRole("status");
    // What is drawn at the middle of the answer is the answer: in the window, not scrolled out of the panel.
    const inSight = () =>
      status.evaluate((element) => {
        const shown = element as unknown as SeenElement;
        const box = shown.getBoundingClientRect();
        const drawn = shown.ownerDocument.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return box.height > 0 && drawn !== null && shown.contains(drawn);
      });
    const presses: [button: string, answer: RegExp][] = [
      ["Finish battle", /^No battle is running/],
      ["Start tournament", /^The platform started the tournament/],
      ["Move clock", /^The clock moved \d+ s ahead/],
      ["Send event", /.+/],
    ];
    for (const [button, answer] of presses) {
      await panel.getByRole("button", { name: button }).click();
      await expect.poll(() => status.textContent()).toMatch(answer);
      expect({ button, inSight: await inSight() }).toEqual({ button, inSight: true });
      await status.evaluate((element) => {
        element.textContent = "";
      });
    }
  }, 60_000);
});
