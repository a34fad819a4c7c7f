// The three ways a platform call fails (docs/architecture.md, "The platform API client"). Messages name the
// operation and the platform's own code, never a credential; callers show users `code` and `requestId`, not
// `message`.

/** Codes that mean "rate limited": the errors table says RATE_LIMITED, the rate-limit reference RATE_LIMIT_EXCEEDED. */
export const rateLimitCodes: ReadonlySet<string> = new Set(["RATE_LIMITED", "RATE_LIMIT_EXCEEDED"]);

export interface PlatformErrorFields {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>> | undefined;
  readonly requestId?: string | undefined;
  /** Seconds to wait before trying again, when the platform (or our own memory of its limits) says so. */
  readonly retryAfter?: number | undefined;
}

/** The platform answered with an error status (the platform's API reference, "Errors"). */
export class PlatformError extends Error {
  override readonly name: string = "PlatformError";
  readonly status: number;
  readonly code: string;
  readonly details: Readonly<Record<string, unknown>> | undefined;
  readonly requestId: string | undefined;
  readonly retryAfter: number | undefined;

  constructor(fields: PlatformErrorFields) {
    super(`${fields.code} (HTTP ${fields.status}): ${fields.message}`);
    this.status = fields.status;
    this.code = fields.code;
    this.details = fields.details;
    this.requestId = fields.requestId;
    this.retryAfter = fields.retryAfter;
  }

  get isRateLimit(): boolean {
    return this.status === 429 || rateLimitCodes.has(this.code);
  }
}

/**
 * Thrown without any network call while our memory of `X-RateLimit-*` says this credential has no
 * requests left (docs/architecture.md, "The platform API client"). It is a PlatformError with code
 * RATE_LIMITED so callers handle one kind.
 */
export class PlatformRateLimitedLocallyError extends PlatformError {
  override readonly name = "PlatformRateLimitedLocallyError";

  constructor(retryAfter: number) {
    super({
      status: 429,
      code: "RATE_LIMITED",
      message: `rate limit exhausted for this credential; retry in ${retryAfter} s`,
      retryAfter,
    });
  }
}

/**
 * Thrown without any network call for an id no request could carry: `.`, `..` or an empty one would make the
 * path another endpoint's (docs/architecture.md, "The platform API client"). No item has such an id, so it is a
 * PlatformError with code NOT_FOUND and callers handle one kind.
 */
export class PlatformUnaddressableIdError extends PlatformError {
  override readonly name = "PlatformUnaddressableIdError";

  constructor(operation: string) {
    super({ status: 404, code: "NOT_FOUND", message: `${operation}: an id is empty or only dots` });
  }
}

export type UnavailableKind = "timeout" | "network";

/** The platform did not answer in time, or could not be reached at all. */
export class PlatformUnavailableError extends Error {
  override readonly name = "PlatformUnavailableError";

  constructor(
    readonly kind: UnavailableKind,
    operation: string,
    options?: { cause?: unknown; timeoutMs?: number },
  ) {
    super(
      kind === "timeout"
        ? `${operation}: the platform did not answer within ${options?.timeoutMs ?? "?"} ms`
        : `${operation}: the platform could not be reached${describeNetworkCause(options?.cause)}`,
      { cause: options?.cause },
    );
  }
}

/** A 2xx answer whose body does not have the documented shape. Lists field paths only, never values. */
export class PlatformProtocolError extends Error {
  override readonly name = "PlatformProtocolError";

  constructor(
    readonly operation: string,
    readonly problems: readonly string[],
  ) {
    super(`${operation}: unexpected response from the platform (${problems.join("; ")})`);
  }
}

function describeNetworkCause(cause: unknown): string {
  const code = findErrorCode(cause);
  return code === undefined ? "" : ` (${code})`;
}

/** undici wraps socket errors: `TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } })`. */
function findErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; depth < 4; depth += 1) {
    if (typeof current !== "object" || current === null) return undefined;
    const { code } = current as { code?: unknown };
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
