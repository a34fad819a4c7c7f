// What the browser test reads of how the playground's page draws: a button, an image, its width, a timestamp.
import type { Locator, Page } from "playwright-core";

// The few page shapes read below (the tests compile without the DOM's types).
type Styled = {
  ownerDocument: { defaultView: { getComputedStyle(node: unknown): Record<string, string> } };
};

/** A button's opacity and cursor, as the page styles it. */
export function readButtonLook(button: Locator) {
  return button.evaluate((drawn) => {
    const style = (drawn as unknown as Styled).ownerDocument.defaultView.getComputedStyle(drawn);
    return { opacity: style.opacity, cursor: style.cursor };
  });
}

/** The width of the picture an image holds, 0 until it has loaded. */
export function readNaturalWidth(image: Locator): Promise<number> {
  return image.evaluate((drawn) => (drawn as unknown as { naturalWidth: number }).naturalWidth);
}

/** How wide an image is drawn, and whether the box it sits in scrolls sideways to show all of it. */
export function readImageInFrame(image: Locator): Promise<{ width: number; scrolls: boolean }> {
  return image.evaluate((element) => {
    const drawn = element as unknown as {
      getBoundingClientRect(): { width: number };
      parentElement: { scrollWidth: number; clientWidth: number };
    };
    const frame = drawn.parentElement;
    return { width: drawn.getBoundingClientRect().width, scrolls: frame.scrollWidth > frame.clientWidth };
  });
}

/** How wide the whole page is drawn, scrolled-off parts included: wider than the viewport if it overflows. */
export function readPageScrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
      .document.documentElement;
    return root.scrollWidth;
  });
}

/** What the page's own scripts draw for `<t:at:R>`, the time `at` (seconds) relative to the clock's now. */
export function drawRelativeTimestamp(page: Page, at: number): Promise<unknown> {
  // A string, so the test runner leaves the page's own import alone.
  return page.evaluate(`(async () => {
    const { drawTimestamp } = await import("/static/markdown.js");
    return drawTimestamp(${String(at)}, "R").textContent;
  })()`);
}

/** Draws `<t:at:R>` into the page (as `#live-timestamp`) and gives back the text it first shows. */
export function drawLiveRelativeTimestamp(page: Page, at: number): Promise<unknown> {
  return page.evaluate(`(async () => {
    const { drawTimestamp } = await import("/static/markdown.js");
    const shown = drawTimestamp(${String(at)}, "R");
    shown.id = "live-timestamp";
    document.body.append(shown);
    return shown.textContent;
  })()`);
}
