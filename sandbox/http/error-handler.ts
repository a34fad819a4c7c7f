// Every error leaves in the envelope with the request id (the platform's API reference, Errors). 5xx answers
// never carry internal messages; they are logged with their stack instead.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { renderError, SandboxError } from "../errors.js";

export function toSandboxError(error: unknown): SandboxError {
  if (error instanceof SandboxError) return error;
  const statusCode = (error as Partial<FastifyError>).statusCode ?? 500;
  if (statusCode === 404) return new SandboxError(404, "NOT_FOUND", "no such resource");
  if (statusCode >= 400 && statusCode < 500) {
    const message = error instanceof Error ? error.message : "the request is not valid";
    return new SandboxError(statusCode, "INVALID_REQUEST", message);
  }
  return new SandboxError(500, "INTERNAL_ERROR", "internal error");
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const sandboxError = toSandboxError(error);
  if (sandboxError.statusCode >= 500) request.log.error({ err: error }, "request failed");
  if (sandboxError.headers !== undefined) reply.headers(sandboxError.headers);
  return reply.code(sandboxError.statusCode).send(renderError(sandboxError, request.id));
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
}

/** `gate` runs first (the API checks, for paths under the API prefixes). */
export function installNotFoundHandler(
  app: FastifyInstance,
  gate: (request: FastifyRequest, reply: FastifyReply) => void,
): void {
  app.setNotFoundHandler(
    {
      preHandler: (request, reply, done) => {
        try {
          gate(request, reply);
          done();
        } catch (error) {
          done(error as Error);
        }
      },
    },
    (request, reply) =>
      sendError(
        request,
        reply,
        new SandboxError(404, "NOT_FOUND", `no route ${request.method} ${request.url.split("?")[0] ?? ""}`),
      ),
  );
}
