// The zod schemas of the receiver's routes (docs/conventions.md, "HTTP code"): they validate the request,
// type the handler and check every answer. The body is the raw bytes the signature covers (raw-body.ts); the
// payload is validated after verification, by src/events/normalise-event.ts.
import { z } from "zod";
import { ingestStatuses } from "./ingest-event.js";
import { rawBodySchema } from "./raw-body.js";

/** Every status but `future`, which is answered 425 below. */
const acknowledgement = z.object({ status: z.enum(ingestStatuses).exclude(["future"]), eventId: z.string() });

/** Every refusal and failure the receiver answers; a 5xx names only the request id to search the logs for. */
const refusal = z.object({
  error: z.enum([
    "bad_request",
    "forbidden",
    "not_found",
    "invalid_signature",
    "payload_too_large",
    "internal_error",
    "database_unavailable",
  ]),
  requestId: z.string().optional(),
});

/** Loose: the request's other headers are kept as they came. */
const signatureHeaders = z.looseObject({ "x-service-signature": z.string().optional() });

/** An event dated too far ahead of our clock, for the platform to retry (future-event.ts). */
const tooEarly = z.object({ error: z.literal("too_early"), eventId: z.string() });

const responses = { 200: acknowledgement, 425: tooEarly, "4xx": refusal, "5xx": refusal };

export const operatorRouteSchema = { headers: signatureHeaders, body: rawBodySchema, response: responses };

export const endpointRouteSchema = {
  headers: signatureHeaders,
  params: z.object({ endpointId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
  body: rawBodySchema,
  response: responses,
};
