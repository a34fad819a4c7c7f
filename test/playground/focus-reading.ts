// What the keyboard test (page-keyboard.test.ts) reads of focus: which control has it, as Chromium's
// accessibility tree names it, and the ring drawn around it, with what that ring is drawn over; and the
// keyboard steps that move focus, checking the ring at each stop.
import type { CDPSession, Page } from "playwright-core";
import { expect } from "vitest";
import { contrastOverLayers, type Layer } from "./contrast.js";

/** Where focus is: the control's role and accessible name (Chromium's), or null on the page itself. */
export interface Focused {
  readonly role: string;
  readonly name: string;
}

// The few DOM shapes the page-side function below uses (the tests compile without the DOM's types).
interface Style {
  backgroundColor: string;
  opacity: string;
  outlineStyle: string;
  outlineWidth: string;
  outlineColor: string;
}
interface DomElement {
  parentElement: DomElement | null;
  matches(selector: string): boolean;
}
interface PageGlobals {
  document: { activeElement: DomElement | null; body: DomElement };
  getComputedStyle: (element: DomElement) => Style;
}

export interface FocusRing {
  readonly focusVisible: boolean;
  readonly style: string;
  readonly widthPx: number;
  readonly color: string;
  /** The focused control's parent and its ancestors, innermost first: what the ring is drawn over. */
  readonly behind: Layer[];
}

/** The focused element's ring, read in the page. */
export function readFocusRing(): FocusRing | null {
  const { document, getComputedStyle } = globalThis as unknown as PageGlobals;
  const focused = document.activeElement;
  if (focused === null || focused === document.body) return null;
  const behind: Layer[] = [];
  for (let at = focused.parentElement; at !== null; at = at.parentElement) {
    const style = getComputedStyle(at);
    behind.push({ background: style.backgroundColor, opacity: Number(style.opacity) });
  }
  const style = getComputedStyle(focused);
  return {
    focusVisible: focused.matches(":focus-visible"),
    style: style.outlineStyle,
    widthPx: Number.parseFloat(style.outlineWidth),
    color: style.outlineColor,
    behind,
  };
}

/** The focused control's role and name, or null when focus is on the page itself. */
export async function readFocused(cdp: CDPSession): Promise<Focused | null> {
  const { result } = await cdp.send("Runtime.evaluate", { expression: "document.activeElement" });
  if (result.objectId === undefined || (result.description ?? "").startsWith("body")) return null;
  const { nodes } = (await cdp.send("Accessibility.getPartialAXTree", {
    objectId: result.objectId,
    fetchRelatives: false,
  })) as { nodes: { role?: { value?: string }; name?: { value?: string } }[] };
  const node = nodes[0];
  return { role: node?.role?.value ?? "", name: (node?.name?.value ?? "").trim() };
}

/**
 * Keyboard steps that move focus and check where it lands. `page` and `cdp` (a CDP session on that page) are
 * called at each step, so a describe block can open them in its beforeAll.
 */
export function focusSteps(page: () => Page, cdp: () => CDPSession) {
  const focused = () => readFocused(cdp());

  /** The focus ring is there, solid, at least 2px, and 3:1 against what it is drawn over (playground/README.md, "Readable"). */
  const expectVisibleRing = async () => {
    const ring = await page().evaluate(readFocusRing);
    const where = await focused();
    if (ring === null) throw new Error("Focus is on the page itself, not on a control");
    const ratio = contrastOverLayers(ring.color, ring.behind);
    expect({
      where,
      focusVisible: ring.focusVisible,
      style: ring.style,
      wide: ring.widthPx >= 2,
      ratio: ratio >= 3,
    }).toEqual({ where, focusVisible: true, style: "solid", wide: true, ratio: true });
  };

  /** Presses `key` until focus is on a control named `name` (a string is matched exactly), checking each stop. */
  const moveTo = async (name: string | RegExp, key: "Tab" | "Shift+Tab" = "Tab", role?: string) => {
    const passed: string[] = [];
    for (let step = 0; step < 60; step += 1) {
      await page().keyboard.press(key);
      const now = await focused();
      // null: past the last control, Tab is in the browser's own controls for a step; there is no ring here.
      if (now !== null) await expectVisibleRing();
      passed.push(now === null ? "(page)" : `${now.role} "${now.name}"`);
      const matches = now !== null && (typeof name === "string" ? now.name === name : name.test(now.name));
      if (matches && (role === undefined || now.role === role)) return passed;
    }
    throw new Error(`${key} never reached "${String(name)}"; it went through ${passed.join(", ")}`);
  };
  const expectFocusOn = async (name: string | RegExp) => {
    await expect
      .poll(async () => (await focused())?.name ?? "(page)")
      .toMatch(
        typeof name === "string" ? new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : name,
      );
  };
  return { focused, expectVisibleRing, moveTo, expectFocusOn };
}
