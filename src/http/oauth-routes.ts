// The browser's side of linking through OAuth (docs/architecture.md, "Linking"): `GET /oauth/start/:startId`
// binds the browser and sends it to the platform, `GET /oauth/callback` shows the confirm page,
// `POST /oauth/confirm` takes the answer. Registered in a context of their own, so their cookie parsing, form
// parsing and HTML error pages apply to these three routes only.
import fastifyCookie from "@fastify/cookie";
import fastifyCsrfProtection from "@fastify/csrf-protection";
import fastifyFormbody from "@fastify/formbody";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { LinkingDeps } from "../linking/linking-deps.js";
import type { LinkedRolesSettings } from "../linking/linked-roles-settings.js";
import type { MemberLink } from "../store/member-links.js";
import type { OAuthGrant } from "../store/oauth-states.js";
import { isDatabaseUnavailable } from "../linking/link-errors.js";
import { sendHtmlPage } from "./html-page.js";
import { linkedRolesRoutes } from "./linked-roles-routes.js";
import { oauthCookiePath } from "./oauth-browser-cookie.js";
import { oauthCallbackRoute } from "./oauth-callback-route.js";
import { oauthConfirmRoute } from "./oauth-confirm-route.js";
import {
  cannotSaveMessage,
  describeMalformedRequest,
  forgedConfirmationMessage,
  tooManyStartsMessage,
} from "./oauth-messages.js";
import { oauthStartRoute } from "./oauth-start-route.js";
import { renderResultPage } from "./result-page.js";

export interface OAuthRoutesOptions {
  readonly deps: LinkingDeps;
  /** Edits the member's original ephemeral `/link` reply once the link is stored (best effort). */
  readonly announceLink: (grant: OAuthGrant, link: MemberLink) => Promise<void>;
  /** Edits that reply once the member pressed Cancel, so its Link button no longer offers a dead sign-in. */
  readonly announceCancel: (grant: OAuthGrant) => Promise<void>;
  /** The Linked Roles verification URL is served only with these (docs/architecture.md, "Linked Roles"). */
  readonly linkedRoles?: LinkedRolesSettings | undefined;
}

/** The cookie holding this browser's CSRF secret. */
export const csrfCookieName = "arena_oauth_csrf";

/** A form with a state, a code and a token is a few hundred bytes. */
const formBodyLimit = 16 * 1024;

export const oauthRoutes: FastifyPluginAsync<OAuthRoutesOptions> = async (app, options) => {
  const publicUrl = new URL(options.deps.config.http.publicUrl);
  // Only the confirm page's own form encoding is read; JSON or anything else is refused with 415.
  app.removeAllContentTypeParsers();
  await app.register(fastifyFormbody, { bodyLimit: formBodyLimit });
  await app.register(fastifyCookie);
  // CSRF by @fastify/csrf-protection rather than a hand-made token: the fastify team's plugin keeps a random
  // secret per browser in a cookie and puts a salted hash of it in the form (the double-submit pattern), so
  // any instance behind a load balancer checks it with no key to share. SameSite=Strict keeps the cookie off
  // every cross-site request. The token need not be bound to the state: a forger would also need the code,
  // which only the browser the platform redirected ever sees.
  await app.register(fastifyCsrfProtection, {
    cookieKey: csrfCookieName,
    cookieOpts: {
      path: oauthCookiePath(publicUrl),
      sameSite: "strict",
      httpOnly: true,
      secure: publicUrl.protocol === "https:",
    },
    getToken: (request) => readCsrfToken(request.body),
  });
  app.setErrorHandler(answerWithPage);
  await app.register(oauthStartRoute, options);
  await app.register(oauthCallbackRoute, options);
  await app.register(oauthConfirmRoute, options);
  if (options.linkedRoles !== undefined)
    await app.register(linkedRolesRoutes, { deps: options.deps, settings: options.linkedRoles });
};

/** The confirm form's token, read before the body is validated: the CSRF check comes first. */
function readCsrfToken(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("_csrf" in body)) return undefined;
  return typeof body._csrf === "string" ? body._csrf : undefined;
}

/** Errors on these routes answer the browser with a page; a 5xx never says what went wrong inside. */
function answerWithPage(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.code === "FST_CSRF_INVALID_TOKEN" || error.code === "FST_CSRF_MISSING_SECRET") {
    request.log.warn({ code: error.code }, "refused an OAuth confirmation without its CSRF token");
    return sendHtmlPage(reply, 400, renderResultPage("Not linked", forgedConfirmationMessage));
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return sendHtmlPage(reply, 429, renderResultPage("Try again in a minute", tooManyStartsMessage));
  }
  if (status >= 400 && status < 500) {
    const message = describeMalformedRequest(error.validationContext);
    return sendHtmlPage(reply, status, renderResultPage("Link failed", message));
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, "OAuth page answered 503: the database cannot write");
    const message = cannotSaveMessage("Please try the same step again in a few minutes.");
    return sendHtmlPage(reply, 503, renderResultPage("Try again in a few minutes", message));
  }
  request.log.error({ err: error }, "OAuth page failed");
  const message =
    "Something went wrong on the bot's side, so nothing was linked. Run /link in Discord to try again.";
  return sendHtmlPage(reply, 500, renderResultPage("Link failed", message));
}
