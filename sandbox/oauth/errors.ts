// RFC 6749 error answers: `{ error, error_description }`, 400 except invalid_client (401).
import type { FastifyInstance } from "fastify";

export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "access_denied"
  | "unsupported_response_type";

export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    /** Set when the client authenticated with HTTP Basic, to answer with WWW-Authenticate (§5.2). */
    readonly basicAuth = false,
  ) {
    super(description);
    this.name = "OAuthError";
  }
}

export function installOAuthErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const oauthError =
      error instanceof OAuthError
        ? error
        : new OAuthError("invalid_request", "the request could not be read");
    if (!(error instanceof OAuthError) && (error as { statusCode?: number }).statusCode === undefined) {
      request.log.error({ err: error }, "oauth request failed");
    }
    const status = oauthError.code === "invalid_client" ? 401 : 400;
    if (oauthError.basicAuth) reply.header("www-authenticate", 'Basic realm="sandbox"');
    return reply
      .code(status)
      .header("cache-control", "no-store")
      .send({ error: oauthError.code, error_description: oauthError.description });
  });
}
