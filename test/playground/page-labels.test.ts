// Every control on the playground's page has a name a screen reader can say: the accessible name Chromium
// itself computes (its accessibility tree, over the DevTools protocol), for every button, input, select,
// textarea, link, suggestion and focusable element, with the Platform panel open, the composer's suggestions
// showing, a modal open, and at phone width.
import type { CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  chromiumPath,
  fillGeneral,
  memberSteps,
  noteWhenSkipped,
  usePlaygroundPage,
} from "./playground-page.js";

noteWhenSkipped("the playground's label test");

const controls = [
  "button",
  "input",
  "select",
  "textarea",
  "a[href]",
  "[role=option]",
  "[role=button]",
  "[role=combobox]",
  "[role=listbox]",
  "[tabindex]:not([tabindex='-1'])",
].join(", ");

interface Control {
  /** The element's start tag, to say which one failed. */
  readonly tag: string;
  /** Chromium's accessible name; "" when it has none. */
  readonly name: string;
  /** Why Chromium leaves it out of the accessibility tree, when it does (e.g. notRendered). */
  readonly ignoredBecause: readonly string[];
}

interface AxNode {
  ignored: boolean;
  ignoredReasons?: { name: string }[];
  name?: { value?: unknown };
}

/** Every control in the document as Chromium's accessibility tree has it. */
async function readControls(cdp: CDPSession): Promise<Control[]> {
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const { nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector: controls });
  return Promise.all(
    nodeIds.map(async (nodeId) => {
      const { outerHTML } = await cdp.send("DOM.getOuterHTML", { nodeId });
      const { nodes } = (await cdp.send("Accessibility.getPartialAXTree", {
        nodeId,
        fetchRelatives: false,
      })) as {
        nodes: AxNode[];
      };
      const node = nodes[0];
      return {
        tag: /^<[^>]*>/.exec(outerHTML)?.[0] ?? outerHTML.slice(0, 120),
        name: typeof node?.name?.value === "string" ? node.name.value.trim() : "",
        ignoredBecause:
          node?.ignored === true ? (node.ignoredReasons ?? []).map((reason) => reason.name) : [],
      };
    }),
  );
}

describe.skipIf(chromiumPath === undefined)("every control on the playground's page is named", () => {
  let page: Page;
  let cdp: CDPSession;

  usePlaygroundPage(async (open) => {
    page = open.page;
    cdp = await page.context().newCDPSession(page);
    await fillGeneral(open);
  });

  /**
   * The controls Chromium exposes, each of which must be named. A control it leaves out must be out for a
   * reason that hides it from everyone (not drawn, or behind an open modal), and such controls are checked in
   * the state that shows them (the phone layout, the open modal); any other reason fails the test.
   */
  const exposedControls = async () => {
    const all = await readControls(cdp);
    const hiddenFromEveryone = new Set([
      "notRendered",
      "inertElement",
      "activeModalDialog",
      "ariaHiddenElement",
    ]);
    const strangelyIgnored = all.filter(
      (control) =>
        control.ignoredBecause.length > 0 &&
        !control.ignoredBecause.some((reason) => hiddenFromEveryone.has(reason)),
    );
    expect(strangelyIgnored).toEqual([]);
    return all.filter((control) => control.ignoredBecause.length === 0);
  };

  it("names the channels, the member switcher, the composer and its suggestions, messages and the Platform panel", async () => {
    const { composer } = memberSteps(page);
    await composer().click();
    await composer().pressSequentially("/b");
    await page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first().waitFor();
    const exposed = await exposedControls();
    expect(exposed.filter((control) => control.name === "")).toEqual([]);
    const names = exposed.map((control) => control.name);
    // What the page must have offered for this to mean anything.
    for (const expected of [
      "# general",
      "Member",
      "Message",
      "Send",
      "Join",
      "Link account (opens in a new tab)",
      "Choose a difficulty",
      "Send the bot an event",
      "Payload (edit freely)",
      "Send event",
    ])
      expect(names).toContain(expected);
    expect(exposed.filter((control) => control.tag.includes('role="option"')).length).toBeGreaterThan(0);
    expect(exposed.filter((control) => control.tag.startsWith("<a ")).length).toBeGreaterThan(0);
    await composer().press("Escape");
    await composer().fill("");
  });

  it("names everything in an open modal", async () => {
    const prompt = page.locator(".message.ephemeral", { hasText: "Link your platform account" }).last();
    await prompt.getByRole("button", { name: "Use an API key" }).click();
    await page.getByRole("dialog").waitFor();
    const exposed = await exposedControls();
    expect(exposed.filter((control) => control.name === "")).toEqual([]);
    const names = exposed.map((control) => control.name);
    for (const expected of ["Cancel", "Submit", "Use alice's sandbox key"]) expect(names).toContain(expected);
    // Only the dialog's own controls are reachable while it is open.
    expect(exposed.length).toBeLessThan(8);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
  });

  it("names the panel toggles and the open drawers at phone width", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const drawer of ["Channels", "Platform"]) {
      await page.getByRole("button", { name: drawer }).click();
      const exposed = await exposedControls();
      expect(exposed.filter((control) => control.name === "")).toEqual([]);
      expect(exposed.map((control) => control.name)).toEqual(
        expect.arrayContaining(["Channels", "Platform"]),
      );
      await page.getByRole("button", { name: drawer }).click();
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
