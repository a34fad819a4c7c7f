// What the page tells a member as they go, and when it stops telling it, in headless Chromium: the quoting
// hint and a refused line go once what they spoke of is gone (the line sent, another member or channel
// chosen), an "Add a member" refusal once the name changes; a long name ends in "…" within the sidebar; an
// "Interested" the fake Discord refuses says why; moving the clock too far is refused in plain words; a
// message is headed as sent today or yesterday on the playground's clock, as Discord heads it; the server's
// owner is marked in the member list.
import {
  GuildScheduledEventEntityType,
  GuildScheduledEventPrivacyLevel,
  Routes,
} from "discord-api-types/v10";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  chromiumPath,
  memberSteps,
  noteWhenSkipped,
  usePlaygroundPage,
  platformPanelSteps,
} from "./playground-page.js";
import { readPageScrollWidth } from "./page-drawing.js";

noteWhenSkipped("the playground's feedback test");

describe.skipIf(chromiumPath === undefined)("what the playground's page tells, and for how long", () => {
  let page: Page;

  const opened = usePlaygroundPage((open) => {
    page = open.page;
  });

  it("clears the quoting hint once the line is sent, and a refused line once another member is chosen", async () => {
    const { composer, send, actAs, openChannel } = memberSteps(page);
    await openChannel("general");
    const hint = page.locator("#composer-hint");
    await composer().fill("/team create name:Owls");
    await expect.poll(() => hint.textContent()).toContain("goes in quotes");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect.poll(() => composer().inputValue()).toBe("");
    expect(await hint.textContent()).toBe("");

    const error = page.locator("#composer-error");
    await send("/battle join");
    await expect.poll(() => error.textContent()).toBe("/battle join needs option: id");
    await actAs("bob");
    await expect.poll(() => error.textContent()).toBe("");
    await send("/battle join");
    await expect.poll(() => error.textContent()).toBe("/battle join needs option: id");
    await openChannel("announcements");
    await expect.poll(() => error.textContent()).toBe("");
  });

  it("clears an Add a member refusal once the name changes, and cuts a long name with …", async () => {
    const name = page.getByLabel("Add a member");
    const refusal = page.locator("#add-member-error");
    await name.fill("alice");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect.poll(() => refusal.textContent()).toContain("There is already a member called alice");
    await name.fill("alic");
    expect(await refusal.textContent()).toBe("");

    const long = "w".repeat(32);
    await name.fill(long);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const entry = page.locator("button.member-name", { hasText: long });
    await entry.waitFor();
    expect(await entry.getAttribute("title")).toBe(long);
    const cut = await entry.evaluate((button) => {
      const shape = button as unknown as { scrollWidth: number; clientWidth: number; ownerDocument: unknown };
      const view = (
        shape.ownerDocument as { defaultView: { getComputedStyle(of: unknown): { textOverflow: string } } }
      ).defaultView;
      return {
        overflows: shape.scrollWidth > shape.clientWidth,
        ending: view.getComputedStyle(button).textOverflow,
      };
    });
    expect(cut).toEqual({ overflows: true, ending: "ellipsis" });
    const sidebar = await page.locator("#member-list").evaluate((list) => {
      const shape = list as unknown as { scrollWidth: number; clientWidth: number };
      return shape.scrollWidth - shape.clientWidth;
    });
    expect(sidebar).toBe(0);
    expect(await readPageScrollWidth(page)).toBeLessThanOrEqual(1280);
  });

  it("marks the server's owner in the member list, whom no one here plays, as Discord marks one", async () => {
    const owned = page.locator("#member-list .member-row", { has: page.locator(".owner-tag") });
    await expect.poll(() => owned.count()).toBe(1);
    expect(await owned.locator(".member-name").textContent()).toMatch(/^owner-/);
    expect(await owned.locator(".owner-tag").textContent()).toContain("server owner");
    expect(await owned.locator(".owner-tag").getAttribute("title")).toContain("Server owner");
  });

  it("says why an Interested the fake Discord refuses was not marked", async () => {
    const { guildId, bot, discord, members } = opened.running.playground;
    const startsAt = new Date(opened.running.playground.sandbox.clock.now() + 86_400_000).toISOString();
    const event = (await bot.deps.rest.post(Routes.guildScheduledEvents(guildId), {
      body: {
        name: "Members only",
        scheduled_start_time: startsAt,
        scheduled_end_time: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
        privacy_level: GuildScheduledEventPrivacyLevel.GuildOnly,
        entity_type: GuildScheduledEventEntityType.External,
        entity_metadata: { location: "Online" },
      },
    })) as { id: string };
    await memberSteps(page).actAs("bob");
    await page.getByRole("button", { name: /^Events/ }).click();
    const card = page.locator(`#event-${event.id}`);
    await card.waitFor();
    // bob left the server while the page still acts as him: Discord takes no "Interested" of his.
    discord.removeMember(guildId, members.get("bob")?.user.id ?? "");
    await card.getByRole("button", { name: "Interested" }).click();
    await page.getByRole("alert").filter({ hasText: "Not marked:" }).waitFor();
  });

  it("refuses moving the clock by nothing or past a year and a day, in plain words", async () => {
    const { url } = opened.running.web;
    const move = (seconds: number) =>
      fetch(`${url}/api/platform/clock`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ seconds }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    expect(await move(0)).toEqual({ status: 400, body: { error: "seconds: must be at least 1" } });
    expect(await move(40_000_000)).toEqual({
      status: 400,
      body: { error: "seconds: must be at most 31622400 (366 days)" },
    });
    const input = page.locator("#clock-seconds");
    expect([await input.getAttribute("max"), await input.getAttribute("required")]).toEqual(["31622400", ""]);
  });

  it("heads a message as sent today, and as yesterday once the clock moved a day", async () => {
    const { send, openChannel, actAs } = memberSteps(page);
    await actAs("alice");
    await openChannel("general");
    await send("/whoami");
    const sentAt = page.locator("#messages .message", { hasText: "/whoami" }).last().locator(".sent-at");
    await expect.poll(() => sentAt.textContent()).toMatch(/^Today at /);
    expect(await sentAt.getAttribute("title")).toMatch(/\d{4}/);

    const { panel, status } = platformPanelSteps(page);
    await panel.getByLabel("Move the clock (seconds)").fill(String(24 * 3600));
    await panel.getByRole("button", { name: "Move clock" }).click();
    await expect.poll(() => status.textContent()).toMatch(/^The clock moved 86400 s ahead/);
    await expect.poll(() => sentAt.textContent()).toMatch(/^Yesterday at /);
  });
});
