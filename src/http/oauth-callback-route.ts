import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readPendingOAuthLink } from "../linking/pending-oauth-link.js";
import { renderConfirmPage } from "./confirm-page.js";
import { htmlPagesSchema, sendHtmlPage } from "./html-page.js";
import { readBrowserKey } from "./oauth-browser-cookie.js";
import { oauthFailureMessages } from "./oauth-messages.js";
import type { OAuthRoutesOptions } from "./oauth-routes.js";
import { renderResultPage } from "./result-page.js";

const querySchema = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(512).optional(),
  error: z.string().max(200).optional(),
});

/**
 * `GET /oauth/callback`: where the platform sends the browser back (docs/architecture.md, "Linking"). It
 * exchanges and stores nothing, and answers only the browser that opened the sign-in link (its cookie): that
 * browser is shown which Discord member and server the account would be linked to, and answers on the
 * confirm page. A malformed query is answered by the error handler of oauth-routes.ts.
 */
export const oauthCallbackRoute: FastifyPluginAsyncZod<OAuthRoutesOptions> = (app, { deps }) => {
  const schema = { querystring: querySchema, response: htmlPagesSchema };
  app.get("/oauth/callback", { schema }, async (request, reply) => {
    const page = (status: number, title: string, message: string) =>
      sendHtmlPage(reply, status, renderResultPage(title, message));
    const { code, state, error } = request.query;
    if (error !== undefined) {
      const message =
        error === "access_denied"
          ? "You declined the authorization, so nothing was linked."
          : "The platform did not authorize the link.";
      return page(400, "Not linked", `${message} You can run /link again any time.`);
    }
    if (code === undefined || state === undefined)
      return page(400, "Link failed", "The sign-in answer had no code. Run /link in Discord to start again.");
    const pending = await readPendingOAuthLink(deps, { state, browserKey: readBrowserKey(request) });
    if (!pending.ok) {
      if (pending.reason === "other_browser")
        request.log.warn("refused an OAuth callback in a browser that did not start the sign-in");
      return page(400, "Link failed", oauthFailureMessages[pending.reason]);
    }
    const csrfToken = reply.generateCsrf();
    return sendHtmlPage(
      reply,
      200,
      renderConfirmPage({ names: pending.pending.names, state, code, csrfToken }),
    );
  });
  return Promise.resolve();
};
