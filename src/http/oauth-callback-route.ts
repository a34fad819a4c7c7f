import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { exchangeAtCallback, type CallbackExchange } from "../linking/exchange-at-callback.js";
import { OAuthError } from "../oauth/errors.js";
import { renderConfirmPage } from "./confirm-page.js";
import { htmlPagesSchema, sendHtmlPage } from "./html-page.js";
import { readBrowserKey } from "./oauth-browser-cookie.js";
import { cannotSaveMessage, exchangeInProgressMessage, oauthFailureMessages } from "./oauth-messages.js";
import { isDatabaseUnavailable } from "../linking/link-errors.js";
import type { OAuthRoutesOptions } from "./oauth-routes.js";
import { renderResultPage } from "./result-page.js";

const querySchema = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(512).optional(),
  error: z.string().max(200).optional(),
});

/**
 * `GET /oauth/callback`: where the platform sends the browser back (docs/architecture.md, "Linking"). It
 * answers only the browser that opened the sign-in link (its cookie): it exchanges the code and learns the
 * platform account (the tokens wait sealed in the pending row; no link is stored), then shows which platform
 * account would be linked to which Discord member in which server, to be answered on the confirm page. A
 * malformed query is answered by the error handler of oauth-routes.ts.
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
    let pending: CallbackExchange;
    try {
      pending = await exchangeAtCallback(deps, { state, code, browserKey: readBrowserKey(request) });
    } catch (exchangeError) {
      // The failure page says what went wrong without leaking details (docs/architecture.md, "Linking").
      request.log.warn({ err: exchangeError }, "OAuth code exchange failed");
      // A code the platform refuses is the request's fault (400); the platform failing is not (502).
      if (exchangeError instanceof OAuthError && exchangeError.code === "invalid_grant") {
        const refused = "The platform refused the authorization code (it may have expired).";
        return page(400, "Link failed", `${refused} Run /link in Discord to try again.`);
      }
      // The code may be spent already: a new /link, not a reload, signs in again.
      if (isDatabaseUnavailable(exchangeError)) {
        const next = "Nothing was linked: run /link in Discord again in a few minutes.";
        return page(503, "Try again in a few minutes", cannotSaveMessage(next));
      }
      const failed = "The platform could not complete the sign-in right now.";
      return page(502, "Link failed", `${failed} Run /link in Discord to try again.`);
    }
    if (!pending.ok) {
      // A reload while the first visit is still exchanging: the code is single use, so it waits for that one.
      if (pending.reason === "exchange_in_progress")
        return page(409, "Still signing you in", exchangeInProgressMessage);
      if (pending.reason === "other_browser")
        request.log.warn("refused an OAuth callback in a browser that did not start the sign-in");
      return page(400, "Link failed", oauthFailureMessages[pending.reason]);
    }
    const csrfToken = reply.generateCsrf();
    return sendHtmlPage(
      reply,
      200,
      renderConfirmPage({
        names: pending.pending.names,
        personal: pending.pending.guildId === undefined,
        platformUsername: pending.pending.platformUsername,
        state,
        code,
        csrfToken,
      }),
    );
  });
  return Promise.resolve();
};
