// POST {token_url}/oauth/token (the platform's API reference, OAuth 2.0 step 3; RFC 6749 §4.1.3, §6) with a
// JSON body as the spec shows or a form body as RFC 6749 does, and POST /oauth/revoke (RFC 7009, a sandbox
// extra).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { SandboxDeps } from "../deps.js";
import { authenticateClient } from "./clients.js";
import { OAuthError } from "./errors.js";
import { exchangeCode, refreshGrant, revokeToken } from "./grants.js";
import { parseScopes } from "./scopes.js";

const tokenBody = z.object({
  grant_type: z.string().optional(),
  code: z.string().optional(),
  redirect_uri: z.string().optional(),
  code_verifier: z.string().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});

function readBody(body: unknown): z.infer<typeof tokenBody> {
  const parsed = tokenBody.safeParse(body ?? {});
  if (!parsed.success) throw new OAuthError("invalid_request", "parameters must be single strings");
  return parsed.data;
}

export function registerTokenRoutes(app: FastifyInstance, deps: SandboxDeps): void {
  app.post("/oauth/token", async (request, reply) => {
    const body = readBody(request.body);
    const client = authenticateClient(deps.state, request.headers.authorization, body);
    const now = deps.clock.now();
    reply.header("cache-control", "no-store").header("pragma", "no-cache");
    switch (body.grant_type) {
      case "authorization_code": {
        if (body.code === undefined) throw new OAuthError("invalid_request", "code is required");
        const input = { code: body.code, redirectUri: body.redirect_uri, codeVerifier: body.code_verifier };
        return exchangeCode(deps.state, client, input, now, deps.oauth);
      }
      case "refresh_token": {
        if (body.refresh_token === undefined)
          throw new OAuthError("invalid_request", "refresh_token is required");
        const scopes = body.scope === undefined ? undefined : parseScopes(body.scope);
        if (scopes === undefined && body.scope !== undefined)
          throw new OAuthError("invalid_scope", "scope is malformed");
        return refreshGrant(
          deps.state,
          client,
          { refreshToken: body.refresh_token, scopes },
          now,
          deps.oauth,
        );
      }
      case undefined:
        throw new OAuthError("invalid_request", "grant_type is required");
      default:
        throw new OAuthError(
          "unsupported_grant_type",
          "grant_type must be authorization_code or refresh_token",
        );
    }
  });

  app.post("/oauth/revoke", (request) => {
    const body = readBody(request.body);
    const client = authenticateClient(deps.state, request.headers.authorization, body);
    const token = (request.body as { token?: unknown } | undefined)?.token;
    if (typeof token !== "string") throw new OAuthError("invalid_request", "token is required");
    revokeToken(deps.state, client, token);
    return {};
  });
}
