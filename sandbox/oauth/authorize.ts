// GET {auth_url}/oauth/authorize (the platform's API reference, OAuth 2.0 step 2; RFC 6749 §4.1.1). An
// unknown client or a redirect_uri that is not exactly a registered one gets an error page and no redirect
// (§4.1.2.1); other problems are redirected back as `error=`. With auto-approve on, the code is issued at
// once for
// `login_hint`, else the auto-approve account, else the first user.
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { findUserByUsername } from "../core/lookups.js";
import type { SandboxDeps } from "../deps.js";
import { newId } from "../ids.js";
import type { PendingAuthorization, User } from "../state.js";
import { renderConsentPage, renderErrorPage } from "./authorize-page.js";
import { issueCode } from "./grants.js";
import { pkceValuePattern } from "./pkce.js";
import { parseScopes } from "./scopes.js";

const authorizeQuery = z.object({
  client_id: z.string().optional(),
  redirect_uri: z.string().optional(),
  response_type: z.string().optional(),
  scope: z.string().optional(),
  state: z.string().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
  login_hint: z.string().optional(),
});

const decisionBody = z.object({
  request_id: z.string(),
  username: z.string().optional(),
  decision: z.enum(["approve", "deny"]),
});

export function registerAuthorizeRoutes(app: FastifyInstance, deps: SandboxDeps): void {
  app.get("/oauth/authorize", async (request, reply) => {
    const query = authorizeQuery.parse(request.query);
    const client = query.client_id === undefined ? undefined : deps.state.oauthClients.get(query.client_id);
    if (client === undefined) return sendErrorPage(reply, "Unknown client_id.");
    if (query.redirect_uri === undefined || !client.redirectUris.includes(query.redirect_uri)) {
      return sendErrorPage(reply, "redirect_uri is not registered for this application.");
    }
    const back = (error: string, description: string): FastifyReply =>
      redirectWith(reply, query.redirect_uri ?? "", {
        error,
        error_description: description,
        state: query.state,
      });
    if (query.response_type !== "code")
      return back("unsupported_response_type", "response_type must be code");
    const scopes = parseScopes(query.scope);
    if (scopes === undefined) return back("invalid_scope", "scopes look like read:profile or write:battles");
    const method = query.code_challenge_method ?? "plain";
    if (method !== "S256" && method !== "plain")
      return back("invalid_request", "code_challenge_method must be S256 or plain");
    if (query.code_challenge !== undefined && !pkceValuePattern.test(query.code_challenge)) {
      return back("invalid_request", "code_challenge is malformed");
    }
    const pending: PendingAuthorization = {
      id: newId("authz"),
      clientId: client.clientId,
      redirectUri: query.redirect_uri,
      scopes,
      state: query.state,
      codeChallenge: query.code_challenge,
      codeChallengeMethod: method,
      expiresAt: deps.clock.now() + deps.oauth.codeTtlSeconds * 1000,
    };
    const hinted =
      query.login_hint === undefined ? undefined : findUserByUsername(deps.state, query.login_hint);
    if (deps.state.oauth.autoApprove) {
      const user = hinted ?? autoApproveUser(deps);
      if (user === undefined) return sendErrorPage(reply, "There is no user to approve as.");
      return approve(deps, reply, pending, user);
    }
    deps.state.pendingAuthorizations.set(pending.id, pending);
    const users = [...deps.state.users.values()];
    return reply.type("text/html; charset=utf-8").send(renderConsentPage(client, pending, users, hinted?.id));
  });

  app.post("/oauth/authorize/decision", async (request, reply) => {
    const body = decisionBody.safeParse(request.body);
    if (!body.success) return sendErrorPage(reply, "The consent form was incomplete.");
    const pending = deps.state.pendingAuthorizations.get(body.data.request_id);
    deps.state.pendingAuthorizations.delete(body.data.request_id);
    if (pending === undefined || pending.expiresAt <= deps.clock.now()) {
      return sendErrorPage(
        reply,
        "This authorization request has expired; start again from the application.",
      );
    }
    if (body.data.decision === "deny") {
      return redirectWith(reply, pending.redirectUri, {
        error: "access_denied",
        error_description: "the user denied access",
        state: pending.state,
      });
    }
    const user =
      body.data.username === undefined ? undefined : findUserByUsername(deps.state, body.data.username);
    if (user === undefined) return sendErrorPage(reply, "Unknown user.");
    return approve(deps, reply, pending, user);
  });
}

function autoApproveUser(deps: SandboxDeps): User | undefined {
  const configured = deps.state.oauth.autoApproveUsername;
  const user = configured === undefined ? undefined : findUserByUsername(deps.state, configured);
  return user ?? deps.state.users.values().next().value;
}

function approve(
  deps: SandboxDeps,
  reply: FastifyReply,
  pending: PendingAuthorization,
  user: User,
): FastifyReply {
  const code = issueCode(deps.state, pending, user.id, deps.clock.now(), deps.oauth);
  return redirectWith(reply, pending.redirectUri, { code, state: pending.state });
}

function redirectWith(
  reply: FastifyReply,
  redirectUri: string,
  parameters: Record<string, string | undefined>,
): FastifyReply {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters))
    if (value !== undefined) target.searchParams.set(name, value);
  return reply.redirect(target.toString(), 302);
}

function sendErrorPage(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(400).type("text/html; charset=utf-8").send(renderErrorPage(message));
}
