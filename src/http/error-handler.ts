import type { FastifyReply, FastifyRequest } from "fastify";
import { classifyWriteFault } from "../store/write-fault.js";

/**
 * The app's error answer: 5xx answers never echo internal messages, 4xx say what was wrong. A database that
 * cannot write is a 503: it passes, and the caller may try again (docs/operations.md, "When SQLite cannot write").
 */
export function answerError(
  error: { statusCode?: number; message: string },
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const fault = classifyWriteFault(error);
  if (fault !== undefined) {
    request.log.warn({ fault }, "request refused: the database cannot write");
    return reply.code(503).send({ error: "database_unavailable", requestId: request.id });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, "request failed");
    return reply.code(status).send({ error: "internal_error", requestId: request.id });
  }
  return reply.code(status).send({ error: error.message, requestId: request.id });
}
