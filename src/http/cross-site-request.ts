import type { IncomingHttpHeaders } from "node:http";

/**
 * Whether the browser says this request came from another site, on top of the CSRF token check
 * (docs/architecture.md, "Linking"). `Sec-Fetch-Site` is set by the browser and cannot be forged by a page:
 * anything but `same-origin` is refused. An `Origin` other than this bot's public one is refused too, except
 * `null`: the confirm page is sent with `Referrer-Policy: no-referrer`, and with that policy browsers send
 * `Origin: null` on the page's own form post. A request with neither header (an old browser) is judged by the
 * CSRF token alone.
 */
export function isCrossSiteRequest(headers: IncomingHttpHeaders, publicUrl: string): boolean {
  const fetchSite = headers["sec-fetch-site"];
  if (fetchSite !== undefined && fetchSite !== "same-origin") return true;
  const origin = headers.origin;
  return origin !== undefined && origin !== "null" && origin !== new URL(publicUrl).origin;
}
