// The "/" list in the playground's page, in headless Chromium: each member is offered exactly the commands
// Discord would show them (admin commands hidden by default_member_permissions from members without Manage
// Server), all of them in sight, and every subcommand group and subcommand of a command; and the message box's
// habits from Discord: Enter sends a finished line, a hint on quoting, "/" from anywhere, @everyone once; and the
// member the list is for: one added by the example offered, kept across a reload.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { commandData } from "../../src/commands/command-data.js";
import { chromiumPath, memberSteps, noteWhenSkipped, usePlaygroundPage } from "./playground-page.js";

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
  let page: Page;

  const opened = usePlaygroundPage((open) => {
    page = open.page;
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
      "events",
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

  it("names the subcommand whose required option is missing", async () => {
    const steps = memberSteps(page);
    await steps.actAs("alice");
    await steps.send("/battle join");
    await expect
      .poll(() => page.locator("#composer-error").textContent())
      .toBe("/battle join needs option: id");
  });

  it("sends with Enter once the required options are chosen, the list still offering optional ones", async () => {
    const { discord } = opened.running.playground;
    const challenges = () =>
      discord.interactions().filter((each) => JSON.stringify(each.payload.data).includes('"challenge"'))
        .length;
    const composer = memberSteps(page).composer();
    await composer.fill("/battle challenge member:@bo");
    await page.getByRole("option", { name: "@bob" }).waitFor();
    await composer.press("Enter");
    await expect.poll(() => composer.inputValue()).toBe("/battle challenge member:@bob ");
    // Optional options are offered next, yet Enter sends the line as Discord would.
    await page.getByRole("option", { name: /^difficulty:/ }).waitFor();
    await composer.press("Enter");
    await expect.poll(challenges).toBe(1);
    await expect.poll(() => composer.inputValue()).toBe("");
  });

  it("hints that a value with spaces goes in quotes while a free text value is typed", async () => {
    const composer = memberSteps(page).composer();
    const hint = page.locator("#composer-hint");
    await composer.fill("/battle create problem:two");
    await expect
      .poll(() => hint.textContent())
      .toBe('A value with spaces goes in quotes: problem:"like this"');
    // Not for a value picked from choices, nor once the quotes are there.
    await composer.fill("/battle create difficulty:ea");
    await expect.poll(() => hint.textContent()).toBe("");
    await composer.fill('/battle create problem:"two sum"');
    await expect.poll(() => hint.textContent()).toBe("");
    await composer.fill("");
  });

  it('starts a command with "/" pressed anywhere outside a text field', async () => {
    const composer = memberSteps(page).composer();
    await page.getByRole("button", { name: /^# announcements/ }).focus();
    await page.keyboard.press("/");
    await expect
      .poll(() => composer.evaluate((input) => input === input.ownerDocument.activeElement))
      .toBe(true);
    expect(await composer.inputValue()).toBe("/");
    await page
      .getByRole("listbox", { name: "Suggestions" })
      .getByRole("option", { name: /^\/link/ })
      .waitFor();
    // In a text field "/" is only typed.
    await page.getByLabel("Add a member").fill("");
    await page.getByLabel("Add a member").press("/");
    expect(await page.getByLabel("Add a member").inputValue()).toBe("/");
    await page.getByLabel("Add a member").fill("");
    await composer.fill("");
  });

  it("offers @everyone by its name, once, among the roles", async () => {
    await memberSteps(page).actAs("admin");
    const shown = await suggestionsFor("/setup roles map role:every", "everyone");
    expect(shown.map((each) => each.label)).toEqual(["@everyone"]);
    await memberSteps(page).composer().fill("");
  });

  it("adds a member by the example it offers, says beside the form why a name is refused, and a reload keeps them", async () => {
    const form = page.locator("#add-member");
    const field = form.getByLabel("Add a member");
    const example = ((await field.getAttribute("placeholder")) ?? "").replace(/^e\.g\. /, "");
    await field.fill(example);
    await form.getByRole("button", { name: "Add" }).click();
    const member = page.getByLabel("Member", { exact: true });
    await expect.poll(() => member.inputValue()).toBe(example);
    await page.locator("#member-list").getByText(example, { exact: true }).waitFor();
    // The next example is free too, not the name just taken.
    await expect.poll(() => field.getAttribute("placeholder")).not.toBe(`e.g. ${example}`);

    // A sandbox account already has this name: the refusal shows in the form, not under the message box.
    await field.fill("dave");
    await form.getByRole("button", { name: "Add" }).click();
    await expect
      .poll(() => form.getByRole("alert").textContent())
      .toMatch(/^username dave is taken\. Try [a-z]+\.$/);
    expect(await page.locator("#composer-error").textContent()).toBe("");
    await field.fill("");

    await page.reload();
    await page.locator("body[data-ready=true]").waitFor();
    expect(await member.inputValue()).toBe(example);
    await memberSteps(page).actAs("alice");
  });
});
