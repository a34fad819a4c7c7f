// The Linked Roles verification URL (docs/architecture.md, "Linked Roles"): `GET /oauth/linked-roles` binds
// the browser and sends it to Discord's OAuth2; `GET /oauth/linked-roles/callback` takes Discord's answer in
// that browser only. Registered inside oauth-routes.ts, whose cookie parsing and error pages they share.
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { verifyLinkedRoles, type LinkedRolesVerification } from "../linking/verify-linked-roles.js";
import type { LinkingDeps } from "../linking/linking-deps.js";
import type { LinkedRolesSettings } from "../linking/linked-roles-settings.js";
import { startLinkedRoles } from "../linking/start-linked-roles.js";
import { OAuthError } from "../oauth/errors.js";
import { htmlPagesSchema, securityHeaders, sendHtmlPage } from "./html-page.js";
import { browserCookieOptions, linkedRolesCookieName, readBrowserKey } from "./oauth-browser-cookie.js";
import { againLater, describeVerified, linkedRolesMessages } from "./linked-roles-messages.js";
import { cannotSaveMessage } from "./oauth-messages.js";
import { isDatabaseUnavailable } from "../linking/link-errors.js";
import { renderChooseAccountPage } from "./linked-roles-sign-in-page.js";
import { renderResultPage } from "./result-page.js";
import { parseAddressList } from "../config/address-list.js";
import { resolveClientAddress } from "../webhooks/client-address.js";

export interface LinkedRolesRoutesOptions {
  readonly deps: LinkingDeps;
  readonly settings: LinkedRolesSettings;
}

const callbackQuerySchema = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(512).optional(),
  error: z.string().max(200).optional(),
});

/**
 * Starts one client address may make a minute. Each start is a row and a commit, asked for by anyone with no
 * sign-in, so without a bound one client could queue commits ahead of every webhook; a member needs one, and
 * a school's or a campus's members behind one address still fit.
 */
export const linkedRolesStartsPerMinute = 60;

export const linkedRolesRoutes: FastifyPluginAsyncZod<LinkedRolesRoutesOptions> = async (app, options) => {
  const { deps, settings } = options;
  const publicUrl = new URL(deps.config.http.publicUrl);
  const trustedProxies = parseAddressList(deps.config.http.trustedProxies, "TRUSTED_PROXIES");
  // @fastify/rate-limit counts per client address (X-Forwarded-For believed from TRUSTED_PROXIES only, as for
  // webhooks) on the routes that ask for it; its 429 becomes a page in oauth-routes.ts's error handler.
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) =>
      resolveClientAddress(
        request.socket.remoteAddress,
        request.headers["x-forwarded-for"],
        trustedProxies,
      ) ?? "unknown",
  });
  // No HEAD: a link checker must not spend a state. Each visit gets a fresh state and browser key.
  const startSchema = { response: { ...htmlPagesSchema, 303: z.string() } };
  const startLimit = { rateLimit: { max: linkedRolesStartsPerMinute, timeWindow: 60_000 } };
  const startOptions = { schema: startSchema, exposeHeadRoute: false, config: startLimit };
  app.get("/oauth/linked-roles", startOptions, async (_request, reply) => {
    const started = await startLinkedRoles(deps, settings);
    const cookieOptions = browserCookieOptions(publicUrl, started.expiresAt - deps.clock.now());
    reply.setCookie(linkedRolesCookieName, started.browserKey, cookieOptions);
    return reply.code(303).headers(securityHeaders).header("location", started.authorizeUrl).send("");
  });

  const callbackSchema = {
    querystring: callbackQuerySchema,
    response: { ...htmlPagesSchema, 303: z.string() },
  };
  app.get("/oauth/linked-roles/callback", { schema: callbackSchema }, async (request, reply) => {
    const page = (status: number, title: string, message: string) =>
      sendHtmlPage(reply, status, renderResultPage(title, message));
    const { code, state, error } = request.query;
    if (error !== undefined)
      return page(
        400,
        "Not verified",
        linkedRolesMessages[error === "access_denied" ? "declined" : "refused"],
      );
    if (code === undefined || state === undefined)
      return page(400, "Not verified", linkedRolesMessages.no_code);
    const browserKey = readBrowserKey(request, linkedRolesCookieName);
    let verified: LinkedRolesVerification;
    try {
      verified = await verifyLinkedRoles(deps, settings, { state, code, browserKey });
    } catch (failure) {
      request.log.warn({ err: failure }, "Linked Roles verification failed");
      if (failure instanceof OAuthError && failure.code === "invalid_grant")
        return page(400, "Not verified", linkedRolesMessages.code_refused);
      // Its state and Discord's code are spent by now: the verification starts over, from the profile.
      if (isDatabaseUnavailable(failure))
        return page(503, "Try again in a few minutes", cannotSaveMessage(`In a few minutes: ${againLater}`));
      return page(502, "Not verified", linkedRolesMessages.discord_failed);
    }
    if (!verified.ok && verified.reason === "sign_in") {
      // No link yet: straight to the platform's sign-in, the flow `/link` uses. Several: the member chooses.
      if (verified.had === "several_accounts")
        return sendHtmlPage(reply, 200, renderChooseAccountPage(verified.signInUrl));
      return reply.code(303).headers(securityHeaders).header("location", verified.signInUrl).send("");
    }
    if (!verified.ok) {
      if (verified.reason === "other_browser")
        request.log.warn(
          "refused a Linked Roles callback in a browser that did not open the verification URL",
        );
      // The bot's own settings are at fault there, not the member's request.
      const status = verified.reason === "platform_misconfigured" ? 500 : 400;
      return page(status, "Not verified", linkedRolesMessages[verified.reason]);
    }
    return page(200, "Verified", describeVerified(verified.platformUsername));
  });
};
