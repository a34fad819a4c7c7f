// The "/" list in the playground's page, in headless Chromium: each member is offered exactly the commands
// Discord would show them (admin commands hidden by default_member_permissions from members without Manage
// Server), all of them in sight, and every subcommand group and subcommand of a command.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandData } from "../../src/commands/command-data.js";
import {
  chromiumPath,
  memberSteps,
  noteWhenSkipped,
  openPlaygroundPage,
  type PlaygroundPage,
} from "./playground-page.js";

noteWhenSkipped("the playground's command list test");

// The few DOM shapes the page-side function below uses (the tests compile without the DOM's types).
interface DomElement {
  getBoundingClientRect(): { top: number; bottom: number };
  querySelectorAll(selector: string): Iterable<DomElement>;
  querySelector(selector: string): { textContent: string | null } | null;
  ownerDocument: { documentElement: { clientHeight: number } };
}

const everyCommand = commandData.map((command) => `/${command.name}`).sort();
const memberCommands = commandData
  .filter((command) => !("default_member_permissions" in command))
  .map((command) => `/${command.name}`)
  .sort();

describe.skipIf(chromiumPath === undefined)("the playground's command list", () => {
  let opened: PlaygroundPage | undefined;
  let page: Page;

  beforeAll(async () => {
    opened = await openPlaygroundPage();
    page = opened.page;
  }, 30_000);

  afterAll(async () => {
    await opened?.close();
  });

  /** Types `line` and reads the suggestions' labels once the list for it is drawn, with whether each is in sight. */
  const suggestionsFor = async (line: string, expectedFirst: string) => {
    const composer = memberSteps(page).composer();
    await composer.fill(line);
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await list.locator(".suggestion-label", { hasText: expectedFirst }).first().waitFor();
    return list.evaluate((listElement) => {
      const element = listElement as unknown as DomElement;
      const listBox = element.getBoundingClientRect();
      const windowHeight = element.ownerDocument.documentElement.clientHeight;
      return [...element.querySelectorAll(".suggestion")].map((item) => {
        const box = item.getBoundingClientRect();
        return {
          label: item.querySelector(".suggestion-label")?.textContent ?? "",
          inSight:
            box.top >= Math.max(listBox.top, 0) && box.bottom <= Math.min(listBox.bottom, windowHeight),
        };
      });
    });
  };

  it("offers a member without Manage Server every command but the admin ones", async () => {
    await memberSteps(page).actAs("alice");
    const shown = await suggestionsFor("/", "/link");
    expect(shown.map((each) => each.label).sort()).toEqual(memberCommands);
  });

  it("offers an admin all fifteen commands, every one in sight without scrolling", async () => {
    await memberSteps(page).actAs("admin");
    const shown = await suggestionsFor("/", "/subscribe");
    expect(shown.map((each) => each.label).sort()).toEqual(everyCommand);
    expect(everyCommand).toHaveLength(15);
    expect(shown.filter((each) => !each.inSight)).toEqual([]);
  });

  it("lists /setup's subcommand groups and its subcommands side by side", async () => {
    await memberSteps(page).actAs("admin");
    const shown = await suggestionsFor("/setup ", "webhook");
    expect(shown.map((each) => each.label)).toEqual([
      "webhook",
      "roles",
      "reminders",
      "status",
      "admin-channel",
    ]);
  });

  it("tells a member who types an admin command anyway that it needs Manage Server, in words", async () => {
    const steps = memberSteps(page);
    await steps.actAs("alice");
    await steps.send("/subscribe");
    await expect
      .poll(() => page.locator("#composer-error").textContent(), { timeout: 15_000 })
      .toContain("alice cannot use /subscribe: it needs the Manage Server permission");
  });
});
