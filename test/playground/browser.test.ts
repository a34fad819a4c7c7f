// The playground's page in a real browser (Debian's Chromium, headless): a whole battle played by clicking
// and typing, as a newcomer would. Runs when a Chromium is found (CHROMIUM_PATH or /usr/bin/chromium).
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { Writable } from "node:stream";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebPlayground, type RunningWebPlayground } from "../../playground/web/run-web-playground.js";

const chromiumPath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].find(
  (path): path is string => path !== undefined && path !== "" && existsSync(path),
);
if (chromiumPath === undefined) {
  console.log(
    "Skipped the playground's browser test: no Chromium (set CHROMIUM_PATH, or apt-get install -y chromium).",
  );
}
// Saved under test-results/ (ignored by git); UPDATE_SCREENSHOTS=1 writes the README's copies in docs/ instead.
const screenshots = process.env.UPDATE_SCREENSHOTS === "1" ? "docs/screenshots" : "test-results/screenshots";
const silentLogs = new Writable({
  write(_chunk, _encoding, callback) {
    callback();
  },
});

describe.skipIf(chromiumPath === undefined)("the playground's page in Chromium", () => {
  let running: RunningWebPlayground | undefined;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    const [started, launched] = await Promise.all([
      startWebPlayground({ logDestination: silentLogs }),
      chromium.launch({ executablePath: chromiumPath ?? "", headless: true, args: ["--no-sandbox"] }),
    ]);
    [running, browser] = [started, launched];
    page = await launched.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(started.web.url);
    await page.locator("body[data-ready=true]").waitFor();
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  const composer = () => page.getByRole("combobox", { name: "Message" });
  const send = async (line: string) => {
    await composer().fill(line);
    await composer().press("Escape");
    await page.getByRole("button", { name: "Send", exact: true }).click();
  };
  const actAs = (member: string) => page.getByLabel("Member", { exact: true }).selectOption(member);
  const openChannel = (name: string) => page.getByRole("button", { name: new RegExp(`^# ${name}`) }).click();
  const link = async (member: string) => {
    await send("/link");
    const prompt = page.locator(".message.ephemeral", { hasText: "Link your platform account" }).last();
    await prompt.getByRole("button", { name: "Use an API key" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: `Use ${member}'s sandbox key` }).click();
    await dialog.getByRole("button", { name: "Submit" }).click();
    await page.locator(".message.ephemeral", { hasText: "Linked as" }).last().waitFor();
  };

  it("completes /bat to /battle in the composer", async () => {
    await composer().click();
    await composer().pressSequentially("/bat");
    const suggestions = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option");
    await expect.poll(() => suggestions.first().textContent()).toContain("/battle");
    await composer().press("Tab");
    expect(await composer().inputValue()).toBe("/battle ");
    await composer().fill("");
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

    await send("/rank");
    const chart = page.locator(".message.ephemeral img.embed-image").last();
    await chart.waitFor();
    await expect
      .poll(() => chart.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(100);
    // Tall enough for the card, the result and the chart at once (the README shows it).
    await page.setViewportSize({ width: 1280, height: 2000 });
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

  it("fits a phone screen", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Platform" }).click();
    await page.getByRole("button", { name: "Finish battle" }).waitFor();
    await page.getByRole("button", { name: "Platform" }).click();
    const overflow = await page.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
        .document.documentElement;
      return root.scrollWidth;
    });
    expect(overflow).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${screenshots}/playground-phone.png` });
  });
});
