// What the keyboard test (page-keyboard.test.ts) reads of focus: which control has it, as Chromium's
// accessibility tree names it, and the ring drawn around it, with what that ring is drawn over.
import type { CDPSession } from "playwright-core";
import type { Layer } from "./contrast.js";

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
