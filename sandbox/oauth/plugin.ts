// The OAuth endpoints at the sandbox root ({auth_url} and {token_url} are the sandbox's own origin), with
// RFC 6749 errors and form bodies accepted beside JSON.
import formbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import type { SandboxDeps } from "../deps.js";
import { registerAuthorizeRoutes } from "./authorize.js";
import { installOAuthErrorHandler } from "./errors.js";
import { registerTokenRoutes } from "./token.js";

export async function oauthPlugin(app: FastifyInstance, deps: SandboxDeps): Promise<void> {
  await app.register(formbody);
  installOAuthErrorHandler(app);
  registerAuthorizeRoutes(app, deps);
  registerTokenRoutes(app, deps);
}
