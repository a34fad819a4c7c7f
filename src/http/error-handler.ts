import type { FastifyReply, FastifyRequest } from "fastify";

/** The app's error answer: 5xx answers never echo internal messages, 4xx say what was wrong. */
export function answerError(
  error: { statusCode?: number; message: string },
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, "request failed");
    return reply.code(status).send({ error: "internal_error", requestId: request.id });
  }
  return reply.code(status).send({ error: error.message, requestId: request.id });
}
