// The Events view in the playground's page, in headless Chromium, when an admin sets reminders up first and
// turns tournament events on after: the reminders' read of the open tournaments brings the events, and
// `/setup events on` makes that read due at once, so the events show in seconds rather than at the next read
// (TOURNAMENT_POLL_SECONDS, 5 minutes), with the clock left alone (docs/architecture.md, "Tournament events").
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, memberSteps, noteWhenSkipped, usePlaygroundPage } from "./playground-page.js";

noteWhenSkipped("the playground's events-after-reminders test");

describe.skipIf(chromiumPath === undefined)("tournament events turned on after reminders", () => {
  let page: Page;

  const opened = usePlaygroundPage((open) => {
    page = open.page;
  });

  const ephemeral = (text: string) => page.locator(".message.ephemeral", { hasText: text }).last();

  it("lists the open tournaments in the Events view at once, without waiting for the reminders' next read", async () => {
    const { send, actAs, link, openChannel } = memberSteps(page);
    await openChannel("general");
    await actAs("admin");
    await link("admin");
    await send('/setup reminders set channel:#general before:"1h, 10m"');
    await ephemeral("Tournament reminders are on").waitFor();
    // The reminders' first read is over before events are turned on: its next one is minutes away.
    const { db } = opened.running.playground.bot.deps;
    const lastRead = async () =>
      (await db.selectFrom("reminder_settings").select("last_polled_at").executeTakeFirst())?.last_polled_at;
    await expect.poll(lastRead, { timeout: 10_000 }).toEqual(expect.any(Number));
    await send("/setup events on");
    await ephemeral("Tournament events are on").waitFor();

    await page.getByRole("button", { name: /^Events/ }).click();
    const view = page.getByRole("region", { name: "Events" });
    await view.getByRole("listitem", { name: "Weekly Sprint #42" }).waitFor({ timeout: 15_000 });
  }, 60_000);
});
