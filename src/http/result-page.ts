import { escapeHtml, renderHtmlPage } from "./html-page.js";

/** The page that ends an OAuth round trip: what happened, in one escaped sentence or two. */
export function renderResultPage(title: string, message: string): string {
  return renderHtmlPage(title, `<p>${escapeHtml(message)}</p>`);
}
