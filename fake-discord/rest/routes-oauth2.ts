// OAuth2 for users as Discord documents it (docs: Topics, OAuth2 — Authorization Code Grant): the consent
// page at OAuth2Routes.authorizationURL, the token exchange and refresh, revocation, and the current
// authorization. Token and revocation errors are OAuth2's `{ error, error_description }`, not `{ message, code }`.
import { OAuth2Scopes } from "discord.js";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { readAuthorizationRequest } from "../oauth2/authorize-request.js";
import { requireBearerGrant } from "../oauth2/bearer-grant.js";
import { approveAuthorization, denyAuthorization, type AuthorizeQuery } from "../oauth2/consent.js";
import { renderAuthorizeErrorPage, renderConsentPage } from "../oauth2/consent-page.js";
import { AuthorizeRequestError, OAuth2Error } from "../oauth2/oauth2-error.js";
import type { OAuth2Grant } from "../oauth2/oauth2-store.js";
import { renderUser } from "../world/render-world.js";
import { renderApplication } from "./routes-applications.js";

type FormBody = Readonly<Record<string, string | undefined>>;

export function registerOAuth2Routes(app: FastifyInstance, state: FakeDiscordState): void {
  void app.register((oauth, _options, done) => {
    oauth.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, parsed) => {
        parsed(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    oauth.setErrorHandler((error, _request, reply) => {
      if (error instanceof AuthorizeRequestError)
        return reply.code(400).type("text/html").send(renderAuthorizeErrorPage(error.message));
      if (!(error instanceof OAuth2Error)) throw error;
      if (error.redirect !== null) return reply.redirect(error.redirect);
      return reply.code(error.status).send(error.toBody());
    });

    oauth.get<{ Querystring: AuthorizeQuery }>("/oauth2/authorize", (request, reply) => {
      const authorization = readAuthorizationRequest(request.query, {
        id: state.applicationId,
        redirectUris: state.oauth2.redirectUris,
      });
      const users = [...state.world.users.values()].filter((user) => !user.bot);
      const rawQuery = request.url.slice(request.url.indexOf("?") + 1);
      return reply.type("text/html").send(
        renderConsentPage({
          applicationName: state.applicationName,
          request: authorization,
          rawQuery,
          users,
          signedInUserId: state.oauth2.signedInUserId,
        }),
      );
    });

    oauth.post<{ Querystring: AuthorizeQuery; Body: FormBody | undefined }>(
      "/oauth2/authorize",
      (request, reply) => {
        const body = request.body;
        const location =
          body?.decision === "authorize"
            ? approveAuthorization(state, request.query, body.user_id ?? "")
            : denyAuthorization(state, request.query);
        return reply.redirect(location);
      },
    );

    oauth.post<{ Body: FormBody | undefined }>("/oauth2/token", (request) => {
      const body: FormBody = request.body ?? {};
      authenticateClient(state, request, body);
      if (body.grant_type === "authorization_code") {
        if (body.code === undefined) throw new OAuth2Error("invalid_request", 'Missing "code" in request.');
        return renderTokens(
          state,
          state.oauth2.exchangeCode(body.code, body.redirect_uri, body.code_verifier),
        );
      }
      if (body.grant_type === "refresh_token") {
        if (body.refresh_token === undefined)
          throw new OAuth2Error("invalid_request", 'Missing "refresh_token" in request.');
        return renderTokens(state, state.oauth2.refresh(body.refresh_token));
      }
      throw new OAuth2Error("unsupported_grant_type", 'Unsupported "grant_type".');
    });

    oauth.post<{ Body: FormBody | undefined }>("/oauth2/token/revoke", (request) => {
      const body: FormBody = request.body ?? {};
      authenticateClient(state, request, body);
      if (body.token === undefined) throw new OAuth2Error("invalid_request", 'Missing "token" in request.');
      state.oauth2.revoke(body.token);
      return {};
    });

    // docs: Topics, OAuth2 — Get Current Authorization Information: `user` only with the identify scope.
    oauth.get("/oauth2/@me", (request) => {
      const grant = requireBearerGrant(state, request.headers.authorization);
      const user = state.world.requireUser(grant.userId);
      return {
        application: renderApplication(state),
        scopes: grant.scopes,
        expires: new Date(grant.accessExpiresAt).toISOString(),
        ...(grant.scopes.includes(OAuth2Scopes.Identify) ? { user: renderUser(user) } : {}),
      };
    });
    done();
  });
}

/**
 * The client authenticates with HTTP Basic `client_id:client_secret` or with both in the form body
 * (docs: Topics, OAuth2 — Access Token Exchange Example); anything else is 401 invalid_client.
 */
function authenticateClient(state: FakeDiscordState, request: FastifyRequest, body: FormBody): void {
  const basic = /^Basic (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
  let clientId = body.client_id;
  let clientSecret = body.client_secret;
  if (basic !== undefined) {
    const decoded = Buffer.from(basic, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    clientId = decodeURIComponent(decoded.slice(0, colon));
    clientSecret = decodeURIComponent(decoded.slice(colon + 1));
  }
  if (clientId !== state.applicationId || clientSecret !== state.oauth2.clientSecret)
    throw new OAuth2Error("invalid_client", "Invalid client credentials");
}

/** The Access Token Response (docs: Topics, OAuth2): Bearer, expires_in in seconds, scopes space-separated. */
function renderTokens(state: FakeDiscordState, grant: OAuth2Grant): Record<string, unknown> {
  return {
    access_token: grant.accessToken,
    token_type: "Bearer",
    expires_in: Math.round((grant.accessExpiresAt - state.clock.now()) / 1000),
    refresh_token: grant.refreshToken,
    scope: grant.scopes.join(" "),
  };
}
