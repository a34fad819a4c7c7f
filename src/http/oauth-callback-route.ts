import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { OAuthError } from "../oauth/errors.js";
import { completeOAuthLink, type OAuthLinkResult } from "../linking/oauth-link.js";
import type { LinkingDeps } from "../linking/linking-deps.js";
import type { OAuthGrant } from "../store/oauth-states.js";
import type { MemberLink } from "../store/member-links.js";
import { renderResultPage } from "./result-page.js";

export interface OAuthCallbackOptions {
  readonly deps: LinkingDeps;
  /** Edits the member's original ephemeral `/link` reply once the link is stored (best effort). */
  readonly announceLink: (grant: OAuthGrant, link: MemberLink) => Promise<void>;
}

const querySchema = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(512).optional(),
  error: z.string().max(200).optional(),
});

const failureMessages: Record<Exclude<OAuthLinkResult, { ok: true }>["reason"], string> = {
  unknown_state: "This link request is unknown or was already used. Run /link in Discord to start again.",
  expired_state: "This link request expired (they last 10 minutes). Run /link in Discord to start again.",
  oauth_disabled: "Linking through the platform is not set up on this bot.",
};

/** `GET /oauth/callback`: where the platform sends the member's browser back (docs/architecture.md, "Linking"). */
export const oauthCallbackRoute: FastifyPluginAsync<OAuthCallbackOptions> = (app, { deps, announceLink }) => {
  app.get("/oauth/callback", async (request, reply) => {
    const page = (status: number, title: string, message: string) =>
      reply
        .code(status)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(renderResultPage(title, message));
    const query = querySchema.safeParse(request.query);
    if (!query.success)
      return page(
        400,
        "Link failed",
        "The sign-in answer was malformed. Run /link in Discord to start again.",
      );
    const { code, state, error } = query.data;
    if (error !== undefined) {
      const message =
        error === "access_denied"
          ? "You declined the authorization, so nothing was linked."
          : "The platform did not authorize the link.";
      return page(400, "Not linked", `${message} You can run /link again any time.`);
    }
    if (code === undefined || state === undefined)
      return page(400, "Link failed", "The sign-in answer had no code. Run /link in Discord to start again.");
    try {
      const result = await completeOAuthLink(deps, { code, state });
      if (!result.ok) return await page(400, "Link failed", failureMessages[result.reason]);
      await announceLink(result.grant, result.link).catch((announceError: unknown) => {
        request.log.warn({ err: announceError }, "could not update the /link message");
      });
      return await page(200, "Linked", `Linked as ${result.link.platformUsername} — you can close this tab.`);
    } catch (linkError) {
      // Failure pages say what went wrong without leaking details (docs/architecture.md, "Linking").
      request.log.warn({ err: linkError }, "OAuth link failed");
      const message =
        linkError instanceof OAuthError && linkError.code === "invalid_grant"
          ? "The platform refused the authorization code (it may have expired). Run /link in Discord to try again."
          : "The platform could not complete the link right now. Run /link in Discord to try again.";
      return page(502, "Link failed", message);
    }
  });
  return Promise.resolve();
};
