import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { completeOAuthLink } from "../linking/oauth-link.js";
import { writeSignedInConnection } from "../linking/write-signed-in-connection.js";
import { cancelOAuthLink, type PendingOAuthLinkFailure } from "../linking/pending-oauth-link.js";
import { OAuthError } from "../oauth/errors.js";
import { isCrossSiteRequest } from "./cross-site-request.js";
import { describeVerified } from "./linked-roles-messages.js";
import { cannotSaveMessage } from "./oauth-messages.js";
import { isCredentialRefused, isDatabaseUnavailable } from "../linking/link-errors.js";
import { htmlPagesSchema, sendHtmlPage } from "./html-page.js";
import { readBrowserKey } from "./oauth-browser-cookie.js";
import {
  describeMember,
  describeWhere,
  forgedConfirmationMessage,
  oauthFailureMessages,
} from "./oauth-messages.js";
import type { OAuthRoutesOptions } from "./oauth-routes.js";
import { renderResultPage } from "./result-page.js";

const bodySchema = z.object({
  state: z.string().min(1).max(512),
  code: z.string().min(1).max(2048),
  action: z.enum(["link", "cancel"]),
});

/**
 * `POST /oauth/confirm`: the confirm page's answer (docs/architecture.md, "Linking"). Refused before anything
 * is read or used up unless it comes from the page itself, in this browser: same origin, with the CSRF token
 * matching the cookie the page set. Then refused, using up nothing, unless this browser opened the sign-in
 * link (its cookie). "Link account" exchanges the code and stores the link; "Cancel" uses up the request and
 * stores nothing. A malformed body is answered by the error handler of oauth-routes.ts, after the CSRF checks.
 */
export const oauthConfirmRoute: FastifyPluginAsyncZod<OAuthRoutesOptions> = (
  app,
  { deps, announceLink, announceCancel, linkedRoles },
) => {
  const refuseCrossSite = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isCrossSiteRequest(request.headers, deps.config.http.publicUrl)) return;
    request.log.warn("refused a cross-site OAuth confirmation");
    await sendHtmlPage(reply, 400, renderResultPage("Not linked", forgedConfirmationMessage));
  };

  app.post(
    "/oauth/confirm",
    {
      schema: { body: bodySchema, response: htmlPagesSchema },
      preValidation: [refuseCrossSite, app.csrfProtection.bind(app)],
    },
    async (request, reply) => {
      const page = (status: number, title: string, message: string) =>
        sendHtmlPage(reply, status, renderResultPage(title, message));
      const { state, code, action } = request.body;
      const browserKey = readBrowserKey(request);
      const refuse = (reason: PendingOAuthLinkFailure) => {
        if (reason === "other_browser")
          request.log.warn("refused an OAuth confirmation from a browser that did not start the sign-in");
        return page(400, "Link failed", oauthFailureMessages[reason]);
      };
      if (action === "cancel") {
        const cancelled = await cancelOAuthLink(deps, { state, browserKey });
        if (!cancelled.ok) return refuse(cancelled.reason);
        await announceCancel(cancelled.grant).catch((announceError: unknown) => {
          request.log.warn({ err: announceError }, "could not update the /link message");
        });
        return page(
          200,
          "Not linked",
          "Nothing was linked. You can close this tab, or run /link again any time.",
        );
      }
      try {
        const result = await completeOAuthLink(deps, { code, state, browserKey });
        if (!result.ok) return await refuse(result.reason);
        await announceLink(result.grant, result.link).catch((announceError: unknown) => {
          request.log.warn({ err: announceError }, "could not update the /link message");
        });
        const target = `${describeMember(result.grant.names)} ${describeWhere(result.grant)}`;
        const linked = `Linked ${result.link.platformUsername} to ${target}.`;
        // A sign-in the Linked Roles verification started goes on to the member's connection
        // (docs/architecture.md, "Linked Roles").
        if (result.grant.origin === "linked_roles" && linkedRoles !== undefined) {
          const connection = await writeSignedInConnection(deps, linkedRoles, {
            userId: result.grant.userId,
            held: result.connectionHeld,
          }).catch((connectionError: unknown) => {
            request.log.warn({ err: connectionError }, "could not write the Linked Roles connection");
            return undefined;
          });
          const shown =
            connection?.ok === true
              ? describeVerified(connection.platformUsername)
              : "Your Discord profile could not be updated right now: open the bot's Linked Roles connection from your profile again.";
          return await page(200, "Linked", `${linked} ${shown}`);
        }
        return await page(200, "Linked", `${linked} You can close this tab.`);
      } catch (linkError) {
        // Failure pages say what went wrong without leaking details (docs/architecture.md, "Linking"). A
        // failure before the link's commit leaves the sign-in pending, so pressing again may link; a refused
        // code, or one the confirmation spent on an exchange that then failed, needs a new /link.
        request.log.warn({ err: linkError }, "OAuth link failed");
        // The link's transaction rolled back and the sign-in is still pending: the same button again.
        if (isDatabaseUnavailable(linkError)) {
          const next = "Nothing was linked: go back and press Link account again in a few minutes.";
          return page(503, "Try again in a few minutes", cannotSaveMessage(next));
        }
        // GET /users/me refused the sign-in's own token (access withdrawn on the platform, or the token
        // expired): pressing again meets the same refusal, so only a new sign-in helps.
        const message =
          linkError instanceof OAuthError && linkError.code === "invalid_grant"
            ? "The platform refused the authorization code (it may have expired). Run /link in Discord to try again."
            : isCredentialRefused(linkError)
              ? "The platform no longer accepts this sign-in (its access was withdrawn, or it expired). Run /link in Discord to start over."
              : "The platform could not complete the link right now. Go back and press Link account again in a moment; if that fails too, run /link in Discord to start over.";
        return page(502, "Link failed", message);
      }
    },
  );
  return Promise.resolve();
};
