import * as oauth from "oauth4webapi";
import { z } from "zod";
import { readRetryAfter } from "../api/error-response.js";
import { PlatformUnavailableError } from "../api/errors.js";
import { OAuthError, scrubSecrets } from "./errors.js";

// oauth4webapi builds and validates the token requests; this file adapts it to the platform: the body is
// JSON as the platform's API reference shows (or RFC 6749 form encoding when configured), plain http:// is allowed only
// for a loopback server or when configured, and every failure becomes an OAuthError or a
// PlatformUnavailableError without secrets in it.

export type TokenRequestFormat = "json" | "form";

export interface TokenEndpointOptions {
  /** `{token_url}`, without `/oauth/token`. */
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly format: TokenRequestFormat;
  readonly timeoutMs?: number | undefined;
  /**
   * Appended to `tokenUrl`: the platform's `/oauth/token` and `/oauth/revoke` unless given (Discord's are
   * `/oauth2/token` and `/oauth2/token/revoke`, Discord's docs: Topics, OAuth2).
   */
  readonly paths?: { readonly token: string; readonly revocation: string } | undefined;
  /** http:// is always allowed for 127.0.0.1/localhost; elsewhere only with this set (never in production). */
  readonly allowInsecureHttp?: boolean | undefined;
}

export interface TokenEndpointContext {
  readonly server: oauth.AuthorizationServer;
  readonly client: oauth.Client;
  readonly authentication: oauth.ClientAuth;
  readonly requestOptions: oauth.TokenEndpointRequestOptions;
}

const defaultTimeoutMs = 10_000;

export function describeTokenEndpoint(
  options: TokenEndpointOptions,
  operation: string,
): TokenEndpointContext {
  const base = options.tokenUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  return {
    server: {
      issuer: new URL(base).origin,
      token_endpoint: `${base}${options.paths?.token ?? "/oauth/token"}`,
      // RFC 7009 revocation is not in the spec; the path is assumed (docs/platform-assumptions.md).
      revocation_endpoint: `${base}${options.paths?.revocation ?? "/oauth/revoke"}`,
    },
    client: { client_id: options.clientId },
    authentication: oauth.ClientSecretPost(options.clientSecret),
    requestOptions: {
      [oauth.customFetch]: (url, init) => sendTokenRequest(url, init, options.format, timeoutMs, operation),
      // Deprecated only to discourage production use; we enable it for loopback or explicit dev settings.
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      [oauth.allowInsecureRequests]: options.allowInsecureHttp === true || isLoopback(base),
    },
  };
}

async function sendTokenRequest(
  url: string,
  init: oauth.CustomFetchOptions<"POST", URLSearchParams>,
  format: TokenRequestFormat,
  timeoutMs: number,
  operation: string,
): Promise<Response> {
  const headers = { ...init.headers };
  let body: string = init.body.toString();
  if (format === "json") {
    headers["content-type"] = "application/json";
    body = JSON.stringify(Object.fromEntries(init.body));
  }
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Read the whole body here so the time-out covers it and oauth4webapi sees a complete answer.
    const text = await response.text();
    return new Response(text, { status: response.status, headers: response.headers });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw new PlatformUnavailableError(timedOut ? "timeout" : "network", operation, {
      cause: error,
      timeoutMs,
    });
  }
}

function isLoopback(base: string): boolean {
  const { hostname } = new URL(base);
  return hostname === "127.0.0.1" || hostname === "localhost" || hostname === "[::1]";
}

/** The platform's own error form (its API reference, "Errors"). */
const platformErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    // Read when they are what the form says; another shape (null, a list, a field not a string) says nothing.
    message: z.unknown().optional(),
    details: z.unknown().optional(),
  }),
});

const detailsFieldSchema = z.object({ field: z.string().max(100) });

/** The fields `details` names: its own `field`, or each entry's when it is a list; none for any other shape. */
function namedFields(details: unknown): string[] {
  const entries = Array.isArray(details) ? (details as unknown[]) : [details];
  return entries.flatMap((entry) => {
    const field = detailsFieldSchema.safeParse(entry).data?.field;
    return field === undefined ? [] : [field];
  });
}

/** The fields a 400 may name and still be the grant's refusal rather than the bot's request at fault. */
const grantFields = new Set(["code", "code_verifier", "refresh_token"]);

/**
 * What oauth4webapi threw, as an OAuthError (translateTokenError), reading first an answer in the platform's
 * own error form rather than RFC 6749's (docs/platform-assumptions.md, "OAuth"): a 400 that names no field,
 * or the grant's, refused the grant sent (the code, or the refresh token), `invalid_grant`; one that names
 * another field (`client_id`, `grant_type`…) and a 401 are the bot's request or client credentials, the
 * latter `invalid_client`. Without it, a member whose refresh token the platform no longer took read on every
 * command that the bot was misconfigured, never to link again.
 */
export async function readTokenError(error: unknown, secrets: readonly string[]): Promise<Error> {
  const response = readFailedResponse(error);
  if (response?.status === 400 || response?.status === 401) {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => undefined);
    const refusal = platformErrorSchema.safeParse(body);
    if (refusal.success) {
      // Scrubbed whole, then cut: a cut first could leave the start of a secret that scrubbing no longer finds.
      const { code, message, details } = refusal.data.error;
      const text = typeof message === "string" ? `${code}: ${message}` : code;
      const said = scrubSecrets(text, secrets).slice(0, 600);
      if (response.status === 401) {
        return new OAuthError("invalid_client", `the platform refused the client (${said})`, 401);
      }
      const other = namedFields(details).find((field) => !grantFields.has(field));
      if (other === undefined) {
        return new OAuthError("invalid_grant", `the platform refused the grant (${said})`, 400);
      }
      return new OAuthError("invalid_request", `the platform refused the request's ${other} (${said})`, 400);
    }
  }
  return translateTokenError(error, secrets);
}

/** Turns whatever oauth4webapi threw into an OAuthError, keeping PlatformUnavailableError as it is. */
function translateTokenError(error: unknown, secrets: readonly string[]): Error {
  if (error instanceof PlatformUnavailableError || error instanceof OAuthError) return error;
  if (error instanceof oauth.ResponseBodyError) {
    const description = error.error_description;
    return new OAuthError(
      error.error,
      description === undefined ? undefined : scrubSecrets(description, secrets),
      error.status,
      readTokenRetryAfter(error.response),
    );
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    return new OAuthError(
      "invalid_client",
      "the token endpoint refused the client credentials",
      error.status,
    );
  }
  if (error instanceof oauth.OperationProcessingError && error.code === oauth.HTTP_REQUEST_FORBIDDEN) {
    return new OAuthError("insecure_endpoint", "the token URL must use https://", undefined);
  }
  const response = readFailedResponse(error);
  const status = response?.status;
  if (status !== undefined && status >= 500) {
    return new OAuthError("server_error", "the token endpoint failed", status);
  }
  if (response !== undefined && status !== 200) {
    return new OAuthError(
      "invalid_response",
      `the token endpoint answered HTTP ${String(status)}`,
      status,
      readTokenRetryAfter(response),
    );
  }
  // Messages of oauth4webapi name the offending property, never its value.
  const detail = error instanceof Error ? error.message : "unexpected answer";
  return new OAuthError("invalid_response", scrubSecrets(detail, secrets), status);
}

/** A 429's wait, read as the platform's API answers give it; undefined for any other status. */
function readTokenRetryAfter(response: Response): number | undefined {
  return response.status === 429 ? readRetryAfter(response.headers, undefined) : undefined;
}

/** oauth4webapi's "unexpected HTTP status code" errors carry the Response as their cause. */
function readFailedResponse(error: unknown): Response | undefined {
  if (!(error instanceof oauth.OperationProcessingError)) return undefined;
  return error.cause instanceof Response ? error.cause : undefined;
}
