// JSON schemas of the receiver's routes (fastify/demo: every route declares them). The body has none: it
// is kept as raw bytes for the signature and validated after verification (src/events/normalise-event.ts).
import { errorBodySchema } from "../error-body-schema.js";
import { ingestStatuses } from "./ingest-event.js";

const acknowledgement = {
  type: "object",
  properties: {
    status: { type: "string", enum: ingestStatuses },
    eventId: { type: "string" },
  },
  required: ["status", "eventId"],
  additionalProperties: false,
} as const;

const signatureHeaders = {
  type: "object",
  properties: { "x-service-signature": { type: "string" } },
} as const;

const responses = { 200: acknowledgement, "4xx": errorBodySchema, "5xx": errorBodySchema } as const;

export const operatorRouteSchema = { headers: signatureHeaders, response: responses } as const;

export const endpointRouteSchema = {
  headers: signatureHeaders,
  params: {
    type: "object",
    properties: { endpointId: { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$" } },
    required: ["endpointId"],
  },
  response: responses,
} as const;
