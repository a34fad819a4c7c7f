// JSON schemas of POST /interactions (fastify/demo: every route declares them). The body is checked against
// its schema only after the signature, once the raw bytes have been verified and parsed (interactions-route.ts).
import { errorBodySchema } from "./error-body-schema.js";

/** The envelope every interaction has (docs: Interaction Object); the dispatcher reads the rest by type. */
const interactionBody = {
  type: "object",
  properties: {
    id: { type: "string" },
    application_id: { type: "string" },
    type: { type: "integer", minimum: 1 },
    token: { type: "string" },
  },
  required: ["id", "application_id", "type", "token"],
} as const;

const signatureHeaders = {
  type: "object",
  properties: {
    "x-signature-ed25519": { type: "string" },
    "x-signature-timestamp": { type: "string" },
  },
} as const;

/** An interaction response (docs: Interaction Response Object); multipart answers carry it as payload_json. */
const interactionResponse = {
  type: "object",
  properties: { type: { type: "integer" } },
  required: ["type"],
  additionalProperties: true,
} as const;

export const interactionsRouteSchema = {
  headers: signatureHeaders,
  body: interactionBody,
  response: {
    200: interactionResponse,
    // Plain text, as Discord's own examples answer: "invalid request signature".
    401: { type: "string" },
    "4xx": errorBodySchema,
    "5xx": errorBodySchema,
  },
} as const;
