// The playground's page in headless Chromium, for the browser tests (browser.test.ts, page-*.test.ts): the
// whole stack on 127.0.0.1 and a page on it, plus the steps a member takes there. Found by CHROMIUM_PATH or
// at /usr/bin/chromium; the tests skip with a note when neither is there.
import { existsSync } from "node:fs";
import { Writable } from "node:stream";
import { chromium, type Browser, type Page } from "playwright-core";
import { startWebPlayground, type RunningWebPlayground } from "../../playground/web/run-web-playground.js";

export const chromiumPath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].find(
  (path): path is string => path !== undefined && path !== "" && existsSync(path),
);

/** Says once per file that its browser tests are skipped, and why. */
export function noteWhenSkipped(what: string): void {
  if (chromiumPath !== undefined) return;
  console.log(`Skipped ${what}: no Chromium (set CHROMIUM_PATH, or apt-get install -y chromium).`);
}

const silentLogs = new Writable({
  write(_chunk, _encoding, callback) {
    callback();
  },
});

export interface PlaygroundPage {
  readonly running: RunningWebPlayground;
  readonly browser: Browser;
  readonly page: Page;
  close(): Promise<void>;
}

/** Starts the playground and Chromium together and opens the page, ready (body[data-ready]). */
export async function openPlaygroundPage(
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
): Promise<PlaygroundPage> {
  const [running, browser] = await Promise.all([
    startWebPlayground({ logDestination: silentLogs }),
    chromium.launch({ executablePath: chromiumPath ?? "", headless: true, args: ["--no-sandbox"] }),
  ]);
  const page = await browser.newPage({ viewport });
  await page.goto(running.web.url);
  await page.locator("body[data-ready=true]").waitFor();
  return {
    running,
    browser,
    page,
    async close() {
      await browser.close();
      await running.close();
    },
  };
}

/** What a member does in the page, by mouse and keyboard as a newcomer would. */
export function memberSteps(page: Page) {
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
  return { composer, send, actAs, openChannel, link };
}
