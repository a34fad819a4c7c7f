import { z } from "zod";
import { PlatformError } from "./errors.js";

// The error envelope of the platform's API reference, "Errors": {error:{code,message,details,requestId}}.
// Anything else (an HTML proxy page, an empty body, {"error":"text"}) still becomes a PlatformError with code
// HTTP_<status>.
interface ErrorEnvelope {
  readonly code?: string | undefined;
  readonly message?: string | undefined;
  readonly details?: Record<string, unknown> | undefined;
  readonly requestId?: string | undefined;
}

const errorEnvelopeSchema = z.object({
  error: z.union([
    // Only the code is needed: a message, details or request id that cannot be read (`details: null`) is left
    // out rather than losing the code and request id with it.
    z.object({
      code: z.string().min(1),
      message: z.string().optional().catch(undefined),
      details: z.record(z.string(), z.unknown()).optional().catch(undefined),
      requestId: z.string().optional().catch(undefined),
    }),
    z.string().transform((message): ErrorEnvelope => ({ message })),
  ]),
});

const secondsSchema = z.coerce.number().nonnegative();

/** Builds the PlatformError for a non-2xx answer. `token` is scrubbed from any text the platform echoed. */
export function buildPlatformError(
  status: number,
  headers: Headers,
  body: unknown,
  token: string,
): PlatformError {
  const parsed = errorEnvelopeSchema.safeParse(body);
  const envelope: ErrorEnvelope = parsed.success ? parsed.data.error : {};
  return new PlatformError({
    status,
    code: envelope.code ?? `HTTP_${status}`,
    message: scrub(envelope.message ?? describeStatus(status), token),
    details: envelope.details,
    requestId: envelope.requestId ?? headers.get("x-request-id") ?? undefined,
    retryAfter: readRetryAfter(headers, envelope.details),
  });
}

/** X-RateLimit-Retry-After (the spec's header), then details.retry_after, then the standard Retry-After. */
export function readRetryAfter(
  headers: Headers,
  details: Readonly<Record<string, unknown>> | undefined,
): number | undefined {
  for (const candidate of [
    headers.get("x-ratelimit-retry-after"),
    details?.retry_after,
    headers.get("retry-after"),
  ]) {
    if (candidate === null || candidate === undefined || candidate === "") continue;
    const seconds = secondsSchema.safeParse(candidate);
    if (seconds.success) return Math.ceil(seconds.data);
  }
  return undefined;
}

function describeStatus(status: number): string {
  return status >= 500 ? "the platform failed to handle the request" : "the platform refused the request";
}

function scrub(text: string, token: string): string {
  return token.length >= 4 ? text.split(token).join("[redacted]") : text;
}
