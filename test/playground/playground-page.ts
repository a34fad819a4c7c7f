// The playground's page in headless Chromium, for the browser tests (browser*.test.ts, page-*.test.ts): the
// whole stack on 127.0.0.1 and a page on it, plus the steps a member takes there. Found by CHROMIUM_PATH or
// at /usr/bin/chromium; the tests skip with a note when neither is there. The run's one browser is launched
// by test/support/shared-chromium.ts; each page gets a context of its own there.
import { ButtonStyle, ComponentType, Routes } from "discord-api-types/v10";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import type { RunningWebPlayground } from "../../playground/web/run-web-playground.js";
import { chromiumPath } from "../support/shared-chromium.js";
import { startQuietWebPlayground } from "./web-playground.js";

export { chromiumPath };

/**
 * A connection to the run's Chromium (test/support/shared-chromium.ts); `close()` on it closes the contexts it
 * opened and leaves the browser to the other files.
 */
export async function connectToChromium(): Promise<Browser> {
  const endpoint = inject("chromiumEndpoint");
  if (endpoint === "")
    throw new Error("No Chromium for this run (set CHROMIUM_PATH, or apt-get install -y chromium)");
  return await chromium.connect(endpoint, { timeout: 20_000 });
}

/** Says once per file that its browser tests are skipped, and why. */
export function noteWhenSkipped(what: string): void {
  if (chromiumPath !== undefined) return;
  console.log(`Skipped ${what}: no Chromium (set CHROMIUM_PATH, or apt-get install -y chromium).`);
}

export interface PlaygroundPage {
  readonly running: RunningWebPlayground;
  readonly browser: Browser;
  readonly page: Page;
  /** Every error the page's console printed and every uncaught error in its scripts, from its first load on. */
  readonly consoleErrors: string[];
  close(): Promise<void>;
}

/** Starts the playground and Chromium together and opens the page, ready (body[data-ready]). */
export async function openPlaygroundPage(
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
): Promise<PlaygroundPage> {
  const [running, browser] = await Promise.all([startQuietWebPlayground(), connectToChromium()]);
  const page = await browser.newPage({ viewport });
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => consoleErrors.push(`uncaught: ${error.message}`));
  await page.goto(running.web.url);
  await page.locator("body[data-ready=true]").waitFor();
  return {
    running,
    browser,
    page,
    consoleErrors,
    async close() {
      await browser.close();
      await running.close();
    },
  };
}

/**
 * Opens the page once before the tests of the describe block it is called in, and closes it after them;
 * `prepare` runs once it is open. Its fields throw when read before the page opened (or when it failed to).
 */
export function usePlaygroundPage(
  prepare?: (opened: PlaygroundPage) => Promise<void> | void,
): PlaygroundPage {
  let opened: PlaygroundPage | undefined;
  const current = (): PlaygroundPage => {
    if (opened === undefined) throw new Error("The playground's page did not open");
    return opened;
  };
  beforeAll(async () => {
    opened = await openPlaygroundPage();
    await prepare?.(opened);
  }, 30_000);
  afterAll(async () => {
    await opened?.close();
  });
  return {
    get running() {
      return current().running;
    },
    get browser() {
      return current().browser;
    },
    get page() {
      return current().page;
    },
    get consoleErrors() {
      return current().consoleErrors;
    },
    close: () => current().close(),
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
  // In the channel's messages: a DM with the bot, hidden while a channel shows, keeps its own replies.
  const link = async (member: string) => {
    await send("/link");
    const prompt = page
      .locator("#messages .message.ephemeral", { hasText: "Link your platform account" })
      .last();
    await prompt.getByRole("button", { name: "Use an API key" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: `Use ${member}'s sandbox key` }).click();
    await dialog.getByRole("button", { name: "Submit" }).click();
    await page.locator("#messages .message.ephemeral", { hasText: "Linked as" }).last().waitFor();
  };
  return { composer, send, actAs, openChannel, link };
}

/**
 * The bot itself sends no select menus (no select component anywhere in src/), so the page's drawing of one
 * is checked on this message, posted through the bot's own Discord REST client as the bot would post it; and
 * a disabled button, which the bot's cards show only in some states.
 */
export async function postMenuMessage(
  running: RunningWebPlayground,
  channelName: string,
  { maxValues = 1 }: { maxValues?: number } = {},
): Promise<string> {
  const channelId = running.playground.channels.get(channelName) ?? "";
  const message = (await running.playground.bot.deps.rest.post(Routes.channelMessages(channelId), {
    body: {
      content: "Pick a difficulty",
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.StringSelect,
              custom_id: "playground-menu",
              placeholder: maxValues > 1 ? "Choose difficulties" : "Choose a difficulty",
              max_values: maxValues,
              options: [
                { label: "Easy", value: "easy" },
                { label: "Medium", value: "medium" },
                { label: "Hard", value: "hard" },
              ],
            },
          ],
        },
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.Button,
              style: ButtonStyle.Primary,
              custom_id: "playground-closed",
              label: "Closed",
              disabled: true,
            },
          ],
        },
      ],
    },
  })) as { id: string };
  return message.id;
}

/** The values each interaction sent from the message `messageId` carried, in order (choosing sends none). */
export function valuesSentFrom(running: RunningWebPlayground, messageId: string): (string[] | undefined)[] {
  return running.playground.discord
    .interactions()
    .filter((each) => each.sourceMessageId === messageId)
    .map((each) => (each.payload.data as { values?: string[] }).values);
}

/** What a member does in the Platform panel: sends the bot an event of a kind, or one edited by hand. */
export function platformPanelSteps(page: Page) {
  const panel = page.getByRole("complementary", { name: "The platform" });
  const payload = panel.getByLabel("Payload (edit freely)");
  const sendEvent = async (kind: string) => {
    await panel.getByLabel("Send the bot an event").selectOption(kind);
    await expect.poll(() => payload.inputValue()).toContain(`"event": "${kind}"`);
    await panel.getByRole("button", { name: "Send event" }).click();
  };
  /** Sends the payload shown with `changes` made to it. */
  const sendEdited = async (changes: Record<string, string>) => {
    const edited = { ...(JSON.parse(await payload.inputValue()) as object), ...changes };
    await payload.fill(JSON.stringify(edited, null, 2));
    await panel.getByRole("button", { name: "Send event" }).click();
  };
  return { panel, status: panel.getByRole("status"), sendEvent, sendEdited };
}

/** Fills #general as a member sees it after a few steps: buttons, a link button, an embed, a menu, a disabled button. */
export async function fillGeneral(opened: PlaygroundPage): Promise<void> {
  const steps = memberSteps(opened.page);
  await steps.openChannel("general");
  await steps.link("alice");
  await steps.send("/battle create difficulty:easy language:python");
  await opened.page.getByRole("button", { name: "Join" }).last().waitFor();
  await steps.send("/link");
  await opened.page.locator(".message.ephemeral", { hasText: "Link your platform account" }).last().waitFor();
  await postMenuMessage(opened.running, "general");
  await opened.page.getByRole("combobox", { name: "Choose a difficulty" }).waitFor();
}
