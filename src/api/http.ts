import { setTimeout as wait } from "node:timers/promises";
import type { z } from "zod";
import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import { buildPlatformError } from "./error-response.js";
import {
  PlatformError,
  PlatformProtocolError,
  PlatformRateLimitedLocallyError,
  PlatformUnaddressableIdError,
  PlatformUnavailableError,
} from "./errors.js";
import { parseResponseBody } from "./parse-response.js";
import { createRateLimitMemory, type RateLimitMemory } from "./rate-limit-memory.js";

/** A member's own credential: an OAuth access token or an API key, both sent as a Bearer token. */
export interface PlatformCredential {
  readonly token: string;
  /**
   * For an OAuth token the member could still refresh: called once when the platform answers 401, it returns the
   * credential to send the request again with (refreshed, or already refreshed by another caller), or undefined
   * when there is none and the 401 stands. It may throw a user-facing error (the link needs re-authorisation).
   */
  readonly renew?: (() => Promise<PlatformCredential | undefined>) | undefined;
}

export type PlatformMethod = "GET" | "POST" | "PUT" | "PATCH";

export interface PlatformRequest<T> {
  readonly credential: PlatformCredential;
  readonly method: PlatformMethod;
  /** `rest` is `{base_url}` (ends in /v1); `webhooks` is the `/api/v1` webhook-management base. */
  readonly base?: "rest" | "webhooks";
  /** Path below the base, ids already encoded (see `encodePathSegment`). */
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly body?: unknown;
  readonly schema: z.ZodType<T>;
  /**
   * Whether the request may be sent again after a 401 and a renewed credential. Each endpoint decides: a 401 is
   * answered before the platform acts (docs/platform-assumptions.md, "Errors"), so the answer is yes unless
   * sending the request twice could do something once more.
   */
  readonly repeatableAfter401: boolean;
}

export interface PlatformHttp {
  send<T>(request: PlatformRequest<T>): Promise<T>;
}

export interface PlatformHttpOptions {
  readonly baseUrl: string;
  readonly webhooksBaseUrl: string;
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly logger?: Logger | undefined;
  /** Waits before the single GET retry; tests pass one that returns at once. */
  readonly sleep?: ((milliseconds: number) => Promise<void>) | undefined;
  readonly random?: (() => number) | undefined;
  readonly rateLimitMemorySize?: number | undefined;
}

interface RawResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  readonly bodyIsJson: boolean;
}

// A GET is retried once after 100–300 ms on 5xx, network fault or time-out; others never
// (docs/architecture.md, "The platform API client").
const retryBaseDelayMs = 200;

export function createPlatformHttp(options: PlatformHttpOptions): PlatformHttp {
  const memory = createRateLimitMemory(options.clock, options.rateLimitMemorySize);
  const sleep = options.sleep ?? ((milliseconds: number) => wait(milliseconds));
  const random = options.random ?? Math.random;

  async function send<T>(request: PlatformRequest<T>): Promise<T> {
    try {
      return await sendWithRetry(request);
    } catch (error) {
      const renewed = await renewAfterRefusal(request, error);
      if (renewed === undefined) throw error;
      options.logger?.info(
        { operation: `${request.method} ${request.path}` },
        "the platform refused the credential; sending once more with the renewed one",
      );
      // Renewed once: a second 401 stands.
      return sendWithRetry({ ...request, credential: { token: renewed.token } });
    }
  }

  async function sendWithRetry<T>(request: PlatformRequest<T>): Promise<T> {
    const operation = `${request.method} ${request.path}`;
    assertHeaderSafe(request.credential.token);
    refuseUnaddressableIds(request.path, operation);
    for (let attempt = 1; ; attempt += 1) {
      failIfExhausted(memory, request.credential.token, operation);
      try {
        const response = await sendOnce(options, request, operation);
        return finish(memory, request, response, operation);
      } catch (error) {
        if (attempt > 1 || request.method !== "GET" || !isRetryable(error)) throw error;
        options.logger?.warn({ operation, error: describeForLog(error) }, "retrying platform GET once");
        await sleep(Math.round(retryBaseDelayMs * (0.5 + random())));
      }
    }
  }

  return { send };
}

/**
 * A 401 from the platform itself (not our own rate-limit memory) for a credential that can be renewed, on an
 * endpoint that may be sent again: the renewed credential, or undefined when the 401 stands.
 */
async function renewAfterRefusal(
  request: PlatformRequest<unknown>,
  error: unknown,
): Promise<PlatformCredential | undefined> {
  const { renew } = request.credential;
  if (renew === undefined || !request.repeatableAfter401) return undefined;
  if (!(error instanceof PlatformError) || error.status !== 401) return undefined;
  return renew();
}

/**
 * Whether a credential can go in the Authorization header: visible ASCII only. fetch would reject one with control
 * or non-ASCII characters with an error quoting the header value (the token).
 */
export function isHeaderSafeCredential(token: string): boolean {
  return /^[\x21-\x7e]+$/.test(token);
}

function assertHeaderSafe(token: string): void {
  if (!isHeaderSafeCredential(token)) throw new TypeError("the platform credential is empty or malformed");
}

/**
 * A URL reads a `.` or `..` segment as "here" or "the folder above" (even written `%2e`), and proxies merge `//`:
 * an id typed as one of them would send the member's credential to another endpoint (`/battles/{id}/join` with
 * the id `.` is POST /battles/join), so such a path is refused. The endpoints' own segments are never one.
 */
function refuseUnaddressableIds(path: string, operation: string): void {
  const segments = path.split("?")[0]?.split("/").slice(1) ?? [];
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) {
    throw new PlatformUnaddressableIdError(operation);
  }
}

function failIfExhausted(memory: RateLimitMemory, token: string, operation: string): void {
  const seconds = memory.secondsUntilAllowed(token, operation);
  if (seconds !== undefined) throw new PlatformRateLimitedLocallyError(seconds);
}

function finish<T>(
  memory: RateLimitMemory,
  request: PlatformRequest<T>,
  response: RawResponse,
  operation: string,
): T {
  const { token } = request.credential;
  if (response.status >= 200 && response.status < 300) {
    memory.recordResponse(token, operation, response.headers, undefined);
    if (!response.bodyIsJson) throw new PlatformProtocolError(operation, ["body is not JSON"]);
    return parseResponseBody(request.schema, response.body, operation);
  }
  const error = buildPlatformError(response.status, response.headers, response.body, token);
  memory.recordResponse(token, operation, response.headers, error.isRateLimit ? error.retryAfter : undefined);
  throw error;
}

async function sendOnce(
  options: PlatformHttpOptions,
  request: PlatformRequest<unknown>,
  operation: string,
): Promise<RawResponse> {
  const headers: Record<string, string> = {
    accept: "application/json",
    authorization: `Bearer ${request.credential.token}`,
  };
  // A body-less POST (join, register) sends no content-type: an empty "JSON" body is rejected by some servers.
  if (request.body !== undefined) headers["content-type"] = "application/json";
  const started = options.clock.now();
  try {
    const response = await fetch(buildUrl(options, request), {
      method: request.method,
      headers,
      body: request.body === undefined ? null : JSON.stringify(request.body),
      signal: AbortSignal.timeout(options.timeoutMs),
      // A redirect becomes an HTTP_3xx PlatformError rather than a silent re-send of the credential.
      redirect: "manual",
    });
    const text = await response.text();
    options.logger?.debug(
      { operation, status: response.status, durationMs: options.clock.now() - started },
      "platform call",
    );
    return { status: response.status, headers: response.headers, ...parseJson(text) };
  } catch (error) {
    if (isTimeout(error)) {
      throw new PlatformUnavailableError("timeout", operation, {
        cause: error,
        timeoutMs: options.timeoutMs,
      });
    }
    throw new PlatformUnavailableError("network", operation, { cause: error });
  }
}

function buildUrl(options: PlatformHttpOptions, request: PlatformRequest<unknown>): URL {
  const base = request.base === "webhooks" ? options.webhooksBaseUrl : options.baseUrl;
  const url = new URL(`${base.replace(/\/+$/, "")}${request.path}`);
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}

function parseJson(text: string): { body: unknown; bodyIsJson: boolean } {
  if (text.trim() === "") return { body: undefined, bodyIsJson: true };
  try {
    return { body: JSON.parse(text) as unknown, bodyIsJson: true };
  } catch {
    return { body: undefined, bodyIsJson: false };
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
}

function isRetryable(error: unknown): boolean {
  if (error instanceof PlatformUnavailableError) return true;
  return error instanceof PlatformError && error.status >= 500;
}

function describeForLog(error: unknown): string {
  if (error instanceof PlatformError) return error.code;
  if (error instanceof PlatformUnavailableError) return error.kind;
  return "unknown";
}

/** Encodes one id for use inside a path (ids are opaque strings, the platform's API reference, conventions). */
export function encodePathSegment(id: string): string {
  return encodeURIComponent(id);
}
