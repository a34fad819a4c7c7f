import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { openOAuthStart } from "../linking/oauth-start.js";
import { browserCookieName, browserCookieOptions, readBrowserKey } from "./oauth-browser-cookie.js";
import { htmlPagesSchema, securityHeaders, sendHtmlPage } from "./html-page.js";
import { oauthFailureMessages } from "./oauth-messages.js";
import type { OAuthRoutesOptions } from "./oauth-routes.js";
import { renderResultPage } from "./result-page.js";

/** The start id `/link` puts in its sign-in link: 256 random bits, base64url. */
const paramsSchema = z.object({ startId: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/**
 * `GET /oauth/start/:startId`: the sign-in link of `/link` (docs/architecture.md, "Linking"). The first browser
 * to open it gets the cookie that binds it to the pending sign-in, and is sent on (303) to the platform's
 * authorize URL; the same browser may open it again, any other gets a page saying to run /link again. No HEAD
 * route: a link checker's HEAD must not take the link before the member opens it. A malformed id is answered
 * by the error handler of oauth-routes.ts.
 */
export const oauthStartRoute: FastifyPluginAsyncZod<OAuthRoutesOptions> = (app, { deps }) => {
  const publicUrl = new URL(deps.config.http.publicUrl);
  const schema = { params: paramsSchema, response: { ...htmlPagesSchema, 303: z.string() } };
  app.get("/oauth/start/:startId", { schema, exposeHeadRoute: false }, async (request, reply) => {
    const heldBrowserKey = readBrowserKey(request);
    const opened = await openOAuthStart(deps, { startId: request.params.startId, heldBrowserKey });
    if (!opened.ok) {
      if (opened.reason === "opened_elsewhere")
        request.log.warn("refused a sign-in link already opened in another browser");
      return sendHtmlPage(reply, 400, renderResultPage("Link failed", oauthFailureMessages[opened.reason]));
    }
    if (opened.browserKey !== heldBrowserKey) {
      const lifetimeMs = opened.expiresAt - deps.clock.now();
      reply.setCookie(browserCookieName, opened.browserKey, browserCookieOptions(publicUrl, lifetimeMs));
    }
    return reply.code(303).headers(securityHeaders).header("location", opened.authorizeUrl).send("");
  });
  return Promise.resolve();
};
