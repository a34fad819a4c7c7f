// Routes are declared as data: method, path, permission level, zod schemas for params, query, body and
// response, and a handler that sees parsed input only. The response schema strips any field the spec
// does not list, so answers carry exactly the documented fields.
import type { FastifyInstance, FastifyRequest, HTTPMethods } from "fastify";
import type { z } from "zod";
import type { EventCause } from "../core/deps.js";
import { requireUser } from "../core/lookups.js";
import type { SandboxDeps } from "../deps.js";
import { invalidField, type ErrorCode } from "../errors.js";
import { principalOf, type PrincipalRegistry } from "../http/api-hooks.js";
import type { Principal } from "../http/principal.js";
import { resolveShape } from "../http/shape.js";
import type { Level, Shape, User } from "../state.js";

export interface RouteContext<Body, Query, Params> {
  body: Body;
  query: Query;
  params: Params;
  principal: Principal;
  user: User;
  shape: Shape;
  cause: EventCause;
  /** `http://host:port` as the caller reached the sandbox; used to build URLs in answers. */
  origin: string;
  /** The path the caller asked for, without the query. */
  path: string;
}

export interface ApiRoute<Body, Query, Params, Response> {
  method: HTTPMethods;
  /** One path, or several that serve the same route (webhook management, see routes/webhooks.ts). */
  url: string | readonly string[];
  level: Level;
  status?: number;
  params?: z.ZodType<Params>;
  query?: z.ZodType<Query>;
  body?: z.ZodType<Body>;
  response: z.ZodType<Response>;
  /** The error code for an invalid field when it is not INVALID_REQUEST (the spec's INVALID_BATTLE_TYPE). */
  invalidCode?: (field: string, shape: Shape) => ErrorCode;
  handle: (deps: SandboxDeps, context: RouteContext<Body, Query, Params>) => Response | Promise<Response>;
}

export type RouteRegistration = (
  app: FastifyInstance,
  deps: SandboxDeps,
  principals: PrincipalRegistry,
) => void;

export function defineRoute<Body = undefined, Query = undefined, Params = undefined, Response = unknown>(
  route: ApiRoute<Body, Query, Params, Response>,
): RouteRegistration {
  const urls = typeof route.url === "string" ? [route.url] : route.url;
  return (app, deps, principals) => {
    for (const url of urls) registerAt(app, deps, principals, route, url);
  };
}

function registerAt<Body, Query, Params, Response>(
  app: FastifyInstance,
  deps: SandboxDeps,
  principals: PrincipalRegistry,
  route: ApiRoute<Body, Query, Params, Response>,
  url: string,
): void {
  app.route({
    method: route.method,
    url,
    config: { level: route.level },
    handler: async (request, reply) => {
      const principal = principalOf(principals, request);
      const shape = resolveShape(request, principal, deps.defaultShape);
      const invalidCode = (field: string): ErrorCode =>
        route.invalidCode?.(field, shape) ?? "INVALID_REQUEST";
      const context: RouteContext<Body, Query, Params> = {
        params: parseInput(route.params, request.params, invalidCode) as Params,
        query: parseInput(route.query, request.query, invalidCode) as Query,
        body: parseInput(route.body, request.body, invalidCode) as Body,
        principal,
        user: requireUser(deps.state, principal.userId),
        shape,
        cause: causeOf(request),
        origin: `${request.protocol}://${request.host}`,
        path: request.url.split("?")[0] ?? request.url,
      };
      const result = await route.handle(deps, context);
      const status = route.status ?? 200;
      if (status === 204) return reply.code(204).send();
      const checked = route.response.safeParse(result);
      if (!checked.success) {
        throw new Error(`response of ${route.method} ${url} broke its schema`, {
          cause: checked.error,
        });
      }
      return reply.code(status).send(checked.data);
    },
  });
}

/** Parses one part of a request, turning the first zod issue into a 400 naming the field and value. */
export function parseInput<T>(
  schema: z.ZodType<T> | undefined,
  input: unknown,
  invalidCode: (field: string) => ErrorCode = () => "INVALID_REQUEST",
): T | undefined {
  if (schema === undefined) return undefined;
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path ?? [];
  const field = path.length === 0 ? "body" : path.map(String).join(".");
  const offending = path.reduce<unknown>(
    (node, key) => (isRecord(node) ? node[key as string] : undefined),
    input,
  );
  // A refused secret is named but never echoed back.
  const value = secretFields.has(String(path.at(-1))) ? "[redacted]" : offending;
  throw invalidField(field, value, `${field}: ${issue?.message ?? "invalid"}`, invalidCode(field));
}

const secretFields = new Set([
  "secret",
  "client_secret",
  "access_token",
  "refresh_token",
  "token",
  "key",
  "password",
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function causeOf(request: FastifyRequest): EventCause {
  const header = request.headers["idempotency-key"];
  return {
    requestId: request.id,
    idempotencyKey: typeof header === "string" && header !== "" ? header : request.id,
  };
}
