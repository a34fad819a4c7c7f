// What the contrast test (page-contrast.test.ts) reads of the page's text, and which of it is not readable.
import type { Page } from "playwright-core";
import { contrastOverLayers, requiredRatio, type Layer } from "./contrast.js";

/** One run of text as the page draws it. */
interface DrawnText {
  readonly text: string;
  /** Where it is: the element's tag, id and classes. */
  readonly where: string;
  readonly color: string;
  readonly fontSizePx: number;
  readonly fontWeight: number;
  /** The element and its ancestors up to the root, innermost first. */
  readonly layers: Layer[];
}

// The few DOM shapes the collector below uses (the tests compile without the DOM's types).
interface Style {
  color: string;
  backgroundColor: string;
  opacity: string;
  fontSize: string;
  fontWeight: string;
  visibility: string;
}
interface DomNode {
  nodeType: number;
  textContent: string | null;
}
interface DomElement extends DomNode {
  tagName: string;
  id: string;
  className: string;
  type?: string;
  value?: string;
  placeholder?: string;
  selectedOptions?: ArrayLike<{ text: string }>;
  parentElement: DomElement | null;
  childNodes: ArrayLike<DomNode>;
  getClientRects(): { length: number };
  closest(selector: string): DomElement | null;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
}
interface PageGlobals {
  document: { querySelector(selector: string): DomElement | null };
  getComputedStyle: (element: DomElement, pseudo?: string) => Style;
}

/**
 * Every visible text on the page: the text nodes of each drawn element, and what a form control shows (its
 * value, its placeholder in the placeholder's colour, a select's chosen option). Run in the page.
 */
function collectTexts(rootSelector: string): DrawnText[] {
  const { document, getComputedStyle } = globalThis as unknown as PageGlobals;
  const root = document.querySelector(rootSelector);
  if (root === null) throw new Error(`Nothing on the page matches ${rootSelector}`);
  const texts: DrawnText[] = [];
  const layersOf = (element: DomElement) => {
    const layers: Layer[] = [];
    for (let at: DomElement | null = element; at !== null; at = at.parentElement) {
      const style = getComputedStyle(at);
      layers.push({ background: style.backgroundColor, opacity: Number(style.opacity) });
    }
    return layers;
  };
  const add = (element: DomElement, text: string, color: string) => {
    const style = getComputedStyle(element);
    texts.push({
      text: text.trim().slice(0, 60),
      where: `${element.tagName.toLowerCase()}${element.id === "" ? "" : `#${element.id}`}${
        typeof element.className === "string" && element.className !== ""
          ? `.${element.className.split(" ").join(".")}`
          : ""
      }`,
      color,
      fontSizePx: Number.parseFloat(style.fontSize),
      fontWeight: Number(style.fontWeight),
      layers: layersOf(element),
    });
  };
  for (const element of [root, ...Array.from(root.querySelectorAll("*"))]) {
    // Not drawn at all (display: none, a closed dialog or drawer, a hidden list): nothing to read.
    if (element.getClientRects().length === 0) continue;
    const style = getComputedStyle(element);
    if (style.visibility !== "visible") continue;
    // .visually-hidden text is clipped to nothing on screen: it is there for screen readers only.
    if (element.closest(".visually-hidden") !== null) continue;
    // A control that cannot be used is dimmed on purpose; WCAG 2 asks it no contrast (playground/README.md,
    // "Readable").
    if (element.closest(':disabled, [aria-disabled="true"]') !== null) continue;
    const tag = element.tagName.toLowerCase();
    if (tag === "input" || tag === "textarea") {
      // A radio or checkbox draws no text (its label is measured as text).
      if (element.type === "radio" || element.type === "checkbox") continue;
      const value = element.value ?? "";
      if (value !== "") add(element, value, style.color);
      else if ((element.placeholder ?? "") !== "")
        add(element, element.placeholder ?? "", getComputedStyle(element, "::placeholder").color);
      continue;
    }
    if (tag === "select") {
      const chosen = element.selectedOptions?.[0]?.text ?? "";
      if (chosen.trim() !== "") add(element, chosen, style.color);
      continue;
    }
    // The options of a select are drawn by the browser's own popup, not by the page.
    if (tag === "option") continue;
    const ownText = Array.from(element.childNodes)
      .filter((node) => node.nodeType === 3)
      .map((node) => node.textContent ?? "")
      .join("");
    if (ownText.trim() !== "") add(element, ownText, style.color);
  }
  return texts;
}

export interface Failure {
  readonly text: string;
  readonly where: string;
  readonly ratio: number;
  readonly required: number;
}

/** The texts drawn under `rootSelector`, and those with less contrast than WCAG 2 asks (contrast.ts). */
export async function unreadableTexts(
  page: Page,
  rootSelector: string,
): Promise<{ measured: string[]; failures: Failure[] }> {
  const texts = await page.evaluate(collectTexts, rootSelector);
  const failures = texts
    .map((drawn) => {
      const ratio = contrastOverLayers(drawn.color, drawn.layers);
      return {
        text: drawn.text,
        where: drawn.where,
        ratio: Math.round(ratio * 100) / 100,
        required: requiredRatio(drawn.fontSizePx, drawn.fontWeight),
      };
    })
    .filter((result) => result.ratio < result.required);
  return { measured: texts.map((drawn) => drawn.text), failures };
}
