// The sandbox as a Fastify plugin (fastify/demo's buildApp): the platform API under /v1 and /api/v1
// behind the credential, rate-limit and permission checks; OAuth at the root; control routes under
// /sandbox/. Only main.ts (or a test) listens.
import type { FastifyInstance } from "fastify";
import type { SandboxDeps } from "./deps.js";
import { invalidField } from "./errors.js";
import { checkApiRequest, installApiHooks, type PrincipalRegistry } from "./http/api-hooks.js";
import type { AnswerHolds } from "./http/answer-holds.js";
import { installErrorHandler, installNotFoundHandler } from "./http/error-handler.js";
import { installRequestGauge, type RequestGauge } from "./http/request-gauge.js";
import { oauthPlugin } from "./oauth/plugin.js";
import { battleRoutes } from "./routes/battles.js";
import { registerControlRoutes, type ControlRuntime } from "./routes/control.js";
import type { RouteRegistration } from "./routes/define.js";
import { leaderboardRoutes } from "./routes/leaderboards.js";
import { problemsRoute } from "./routes/problems.js";
import { teamRoutes } from "./routes/teams.js";
import { tournamentRoutes } from "./routes/tournaments.js";
import { userRoutes } from "./routes/users.js";
import { webhookDeliveryRoutes } from "./routes/webhook-deliveries.js";
import { webhookRoutes } from "./routes/webhooks.js";

const apiRoutes: readonly RouteRegistration[] = [
  ...battleRoutes,
  ...tournamentRoutes,
  ...userRoutes,
  ...teamRoutes,
  ...leaderboardRoutes,
  problemsRoute,
  ...webhookRoutes,
  ...webhookDeliveryRoutes,
];

export interface AppOptions {
  deps: SandboxDeps;
  runtime: ControlRuntime;
  /** Called after every response, so the due-work timer can be re-armed. */
  onResponse: () => void;
  /** Counts the API requests being answered at once (`Sandbox.apiRequestsInFlight`). */
  gauge: RequestGauge;
  /** API answers a test holds back (`Sandbox.holdAnswers`). */
  holds: AnswerHolds;
}

export async function buildApp(app: FastifyInstance, options: AppOptions): Promise<void> {
  const { deps, runtime } = options;
  acceptEmptyBodies(app);
  installErrorHandler(app);
  installRequestGauge(app, options.gauge, options.holds);
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
  app.addHook("onResponse", (_request, _reply, done) => {
    options.onResponse();
    done();
  });
  const principals: PrincipalRegistry = new WeakMap();
  installNotFoundHandler(app, (request, reply) => {
    if (/^\/(api\/)?v1(\/|$)/.test(request.url)) checkApiRequest(deps, principals, request, reply);
  });
  await app.register((api, _options, done) => {
    installApiHooks(api, deps, principals);
    for (const register of apiRoutes) register(api, deps, principals);
    done();
  });
  await app.register(oauthPlugin, deps);
  await app.register((control, _options, done) => {
    registerControlRoutes(control, deps, runtime);
    done();
  });
}

/**
 * POSTs such as join carry no body, and some clients still send a content type with the empty body
 * (`application/json`, or the form type `curl -d ''` sends): an empty body of any type is no body. A body
 * that is not JSON is an invalid body, 400 INVALID_REQUEST as the reference's errors table has it, not a
 * 415. The OAuth routes keep their own form parser (oauth/plugin.ts).
 */
function acceptEmptyBodies(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(invalidField("body", null, "the body is not valid JSON"), undefined);
    }
  });
  app.addContentTypeParser("*", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    const type = request.headers["content-type"];
    const came = type === undefined ? "without a Content-Type" : `as ${type}`;
    const message = `the body must be JSON sent with Content-Type: application/json (this one came ${came})`;
    done(invalidField("body", null, message));
  });
}
