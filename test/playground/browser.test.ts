// The playground's page in a real browser (Debian's Chromium, headless): a whole battle played by clicking
// and typing, as a newcomer would: the welcome of an empty channel, roles named as soon as the bot makes them,
// a chart readable at phone width (the Platform panel's own: browser-platform-panel.test.ts). Runs when a
// Chromium is found (CHROMIUM_PATH or /usr/bin/chromium).
import { mkdir } from "node:fs/promises";
import { Routes } from "discord-api-types/v10";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, memberSteps, noteWhenSkipped, usePlaygroundPage } from "./playground-page.js";
import { readImageInFrame, readNaturalWidth, readPageScrollWidth } from "./page-drawing.js";

noteWhenSkipped("the playground's browser test");
// Saved under test-results/ (ignored by git); UPDATE_SCREENSHOTS=1 writes the README's copies in docs/ instead.
const screenshots = process.env.UPDATE_SCREENSHOTS === "1" ? "docs/screenshots" : "test-results/screenshots";

describe.skipIf(chromiumPath === undefined)("the playground's page in Chromium", () => {
  let page: Page;

  const opened = usePlaygroundPage(async (open) => {
    page = open.page;
    await mkdir(screenshots, { recursive: true });
  });

  const composer = () => memberSteps(page).composer();
  const send = (line: string) => memberSteps(page).send(line);
  const actAs = (member: string) => memberSteps(page).actAs(member);
  const openChannel = (name: string) => memberSteps(page).openChannel(name);
  const link = (member: string) => memberSteps(page).link(member);

  it("greets a newcomer in an empty #general with the first steps, until something is said there", async () => {
    const welcome = page.locator("#channel-welcome");
    expect(await welcome.getByRole("heading").textContent()).toBe("Welcome to #general!");
    expect(await welcome.locator("li code").allTextContents()).toEqual(["/link", "/battle create", "/rank"]);
    const { playground } = opened.running;
    await playground.bot.deps.rest.post(Routes.channelMessages(playground.channels.get("general") ?? ""), {
      body: { content: "First words" },
    });
    await page.locator(".message", { hasText: "First words" }).waitFor();
    expect(await welcome.count()).toBe(0);
  });

  it("names a role the bot makes or renames at once, @everyone once, and lists each member's roles", async () => {
    const { playground } = opened.running;
    const { rest } = playground.bot.deps;
    const { guildId } = playground;
    const role = (await rest.post(Routes.guildRoles(guildId), { body: { name: "Gold" } })) as { id: string };
    await rest.post(Routes.channelMessages(playground.channels.get("general") ?? ""), {
      body: { content: `<@&${role.id}> is new, <@&${guildId}> hears it`, allowed_mentions: { parse: [] } },
    });
    const mentions = page.locator(".message", { hasText: "is new" }).locator(".mention");
    await expect.poll(() => mentions.allTextContents()).toEqual(["@Gold", "@everyone"]);
    await rest.patch(Routes.guildRole(guildId, role.id), { body: { name: "Platinum" } });
    await expect.poll(() => mentions.allTextContents()).toEqual(["@Platinum", "@everyone"]);

    const alice = playground.members.get("alice")?.user.id ?? "";
    await rest.put(Routes.guildMemberRole(guildId, alice, role.id));
    const members = page.getByRole("region", { name: "Members" });
    await expect
      .poll(() => members.getByRole("list", { name: "alice's roles" }).textContent())
      .toBe("Platinum");
    expect(await members.getByRole("list", { name: "bob's roles" }).count()).toBe(0);
  });

  it("completes /bat to /battle in the composer", async () => {
    await composer().click();
    await composer().pressSequentially("/bat");
    const suggestions = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option");
    await expect.poll(() => suggestions.first().textContent()).toContain("/battle");
    await composer().press("Tab");
    expect(await composer().inputValue()).toBe("/battle ");
    await composer().fill("");
  });

  it("draws Discord's escapes as the characters they keep plain, not as backslashes", async () => {
    // A string, so the test runner leaves the page's own import alone.
    const drawn: unknown = await page.evaluate(`(async () => {
      const { appendInline } = await import("/static/markdown.js");
      const node = document.createElement("div");
      appendInline(node, String.raw\`Cup \\_1\\_ \\*\\*not bold\\*\\* \\# 2 **bold**\`, {});
      return {
        text: node.textContent,
        emphasised: node.querySelectorAll("em").length,
        strong: node.querySelectorAll("strong").length,
      };
    })()`);
    expect(drawn).toEqual({ text: "Cup _1_ **not bold** # 2 bold", emphasised: 0, strong: 1 });

    // An escaped character inside emphasis stays in it, as Discord reads it: the bold does not end at the
    // escaped star (a team named "Owls*", a player named "bob_").
    const inside: unknown = await page.evaluate(`(async () => {
      const { appendInline } = await import("/static/markdown.js");
      const node = document.createElement("div");
      appendInline(node, String.raw\`**Owls\\*** was founded by **bob\\_**, __a\\_b__ ~~c\\~~~ *d\\** e\`, {});
      return {
        text: node.textContent,
        strong: [...node.querySelectorAll("strong")].map((each) => each.textContent),
        underlined: [...node.querySelectorAll("u")].map((each) => each.textContent),
        struck: [...node.querySelectorAll("s")].map((each) => each.textContent),
        emphasised: [...node.querySelectorAll("em")].map((each) => each.textContent),
      };
    })()`);
    expect(inside).toEqual({
      text: "Owls* was founded by bob_, a_b c~ d* e",
      strong: ["Owls*", "bob_"],
      underlined: ["a_b"],
      struck: ["c~"],
      emphasised: ["d*"],
    });
  });

  it("hides all a spoiler holds, a mention, a link and code too, until it is focused", async () => {
    const seen: unknown = await page.evaluate(`(async () => {
      const { appendInline } = await import("/static/markdown.js");
      const node = document.createElement("div");
      node.className = "message";
      document.getElementById("messages").append(node);
      const world = { userName: () => "alice", roleName: () => "Gold", channelName: () => "general" };
      appendInline(node, "||<@1> https://example.test/a \`code\` **bold**||", world);
      const spoiler = node.querySelector(".spoiler");
      const read = () => ({
        text: getComputedStyle(spoiler).color,
        held: [...spoiler.children].map((each) => each.tagName + " " + getComputedStyle(each).visibility),
      });
      const hidden = read();
      spoiler.focus();
      const shown = read();
      node.remove();
      return { hidden, shown };
    })()`);
    expect(seen).toEqual({
      hidden: {
        text: "rgba(0, 0, 0, 0)",
        held: ["SPAN hidden", "A hidden", "CODE hidden", "STRONG hidden"],
      },
      shown: {
        text: expect.not.stringMatching(/^rgba\(0, 0, 0, 0\)$/),
        held: ["SPAN visible", "A visible", "CODE visible", "STRONG visible"],
      },
    });
  });

  it("keeps the member's sandbox key hidden until Show is pressed", async () => {
    const key = page.getByLabel("Sandbox API key (paste it into /link's form)");
    const show = page.getByRole("button", { name: "Show" });
    expect(await key.getAttribute("type")).toBe("password");
    expect(await key.inputValue()).toMatch(/^sk_/);
    await show.click();
    const hide = page.getByRole("button", { name: "Hide", pressed: true });
    expect(await key.getAttribute("type")).toBe("text");
    await hide.click();
    expect(await key.getAttribute("type")).toBe("password");
  });

  it("plays a battle: link through the form, create, join as two members, submit code, result, /rank chart", async () => {
    await openChannel("announcements");
    await link("alice");
    await send("/battle create difficulty:easy language:python");
    const card = page
      .locator(".message", { hasText: "Join" })
      .filter({ has: page.locator(".embed") })
      .last();
    await card.getByRole("button", { name: "Join" }).click();
    await page.locator(".message.ephemeral", { hasText: "You joined battle" }).last().waitFor();

    await actAs("bob");
    // alice's replies were for her alone.
    await expect.poll(() => page.locator(".message", { hasText: "Linked as" }).count()).toBe(0);
    await link("bob");
    await card.getByRole("button", { name: "Join" }).click();
    await page.locator(".message.ephemeral", { hasText: "You joined battle" }).last().waitFor();
    await card.getByRole("button", { name: "Submit code" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Language").fill("python");
    await dialog.getByLabel("Code").fill("print('PASS')");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await page.locator(".message.ephemeral", { hasText: "Submission accepted" }).last().waitFor();

    await page.getByRole("button", { name: "Finish battle" }).click();
    const result = page.locator(".embed", { hasText: "Battle finished" });
    await result.waitFor({ timeout: 15_000 });
    expect(await result.textContent()).toMatch(/bob/);
    // Both players' rating changes, as one summary once the battle's short window has passed.
    const summary = page.locator(".embed", { hasText: "Rating changes after" });
    await summary.waitFor({ timeout: 15_000 });
    expect(await summary.textContent()).toMatch(/bob[\s\S]*alice/);

    await send("/rank");
    const chart = page.locator(".message.ephemeral img.embed-image").last();
    await chart.waitFor();
    await expect.poll(() => readNaturalWidth(chart)).toBeGreaterThan(100);
    // Tall enough for the card, the result and the chart at once (the README shows it).
    await page.setViewportSize({ width: 1280, height: 2600 });
    await page.locator("#messages").evaluate((list) => {
      list.scrollTop = list.scrollHeight;
    });
    await page.screenshot({ path: `${screenshots}/playground-battle.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    await actAs("alice");
    // bob's chart and submission were for him alone; the card and the result are everyone's.
    await expect.poll(() => page.locator(".message", { hasText: "Submission accepted" }).count()).toBe(0);
    expect(await page.locator("img.embed-image").count()).toBe(0);
    expect(await page.locator(".embed", { hasText: "Battle finished" }).count()).toBe(1);
  }, 40_000);

  it("fits a phone screen, a chart's text kept readable by scrolling it sideways", async () => {
    await send("/rank");
    const chart = page.locator(".message.ephemeral img.embed-image").last();
    await expect.poll(() => readNaturalWidth(chart)).toBe(800);
    await page.setViewportSize({ width: 375, height: 812 });
    const shown = await readImageInFrame(chart);
    // The chart's smallest text, its 13px axis labels on an 800px image (src/charts/rating-plot-svg.ts), at 11px.
    expect({ axisLabelPx: Math.round((13 * shown.width) / 800), scrolls: shown.scrolls }).toEqual({
      axisLabelPx: 11,
      scrolls: true,
    });
    await page.getByRole("button", { name: "Platform" }).click();
    await page.getByRole("button", { name: "Finish battle" }).waitFor();
    await page.getByRole("button", { name: "Platform" }).click();
    const overflow = await readPageScrollWidth(page);
    expect(overflow).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${screenshots}/playground-phone.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
