// The error envelope of the platform's API reference, (Errors):
// `{ error: { code, message, details?, requestId } }`. Every error carries the request id; validation errors
// name the field and the offending value.

export type ErrorCode =
  | "INVALID_REQUEST"
  | "INVALID_BATTLE_TYPE"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "CONFLICT"
  | "RATE_LIMIT_EXCEEDED"
  | "RATE_LIMITED"
  | "INTERNAL_ERROR";

export type ErrorDetails = Readonly<Record<string, unknown>>;

export class SandboxError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
    /** Headers the answer carries, e.g. `Allow` with a 405. */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = "SandboxError";
  }
}

export interface ErrorEnvelope {
  error: { code: string; message: string; details?: ErrorDetails; requestId: string };
}

export function renderError(error: SandboxError, requestId: string): ErrorEnvelope {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details === undefined ? {} : { details: error.details }),
      requestId,
    },
  };
}

export function invalidField(
  field: string,
  value: unknown,
  message: string,
  code: ErrorCode = "INVALID_REQUEST",
): SandboxError {
  return new SandboxError(400, code, message, { field, value: value ?? null });
}

export function notFound(what: string, id: string): SandboxError {
  return new SandboxError(404, "NOT_FOUND", `${what} ${id} does not exist`);
}

export function conflict(message: string): SandboxError {
  return new SandboxError(409, "CONFLICT", message);
}

export function forbidden(message: string): SandboxError {
  return new SandboxError(403, "FORBIDDEN", message);
}

export function unauthorized(message: string): SandboxError {
  return new SandboxError(401, "UNAUTHORIZED", message);
}
