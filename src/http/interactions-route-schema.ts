// JSON schemas of POST /interactions (fastify/demo: every route declares them). The body is checked against
// its schema only after the signature, once the raw bytes have been verified and parsed (interactions-route.ts).
import { errorBodySchema } from "../error-body-schema.js";

/** The interaction types the dispatcher answers (docs: Interaction Type): PING to MODAL_SUBMIT. */
const interactionTypes = [1, 2, 3, 4, 5];

/** A guild member as the dispatcher reads it (read-actor.ts): who acts, and their permissions as a bit set. */
const member = {
  type: "object",
  properties: {
    user: {
      type: "object",
      properties: { id: { type: "string" }, username: { type: "string" } },
      required: ["id", "username"],
    },
    permissions: { type: "string", pattern: "^[0-9]{1,40}$" },
  },
  required: ["user", "permissions"],
} as const;

/** What each type carries in `data` that the dispatcher reads before a handler runs. */
const commandData = {
  type: "object",
  properties: {
    name: { type: "string" },
    type: { type: "integer" },
    options: { type: "array", items: { type: "object" } },
  },
  required: ["name", "type"],
} as const;
const componentData = {
  type: "object",
  properties: { custom_id: { type: "string" }, values: { type: "array", items: { type: "string" } } },
  required: ["custom_id"],
} as const;
const modalData = {
  type: "object",
  properties: {
    custom_id: { type: "string" },
    components: {
      type: "array",
      items: {
        type: "object",
        properties: {
          components: { type: "array", items: { type: "object" } },
          component: { type: "object" },
        },
      },
    },
  },
  required: ["custom_id", "components"],
} as const;
const whenType = (types: readonly number[], data: object) => ({
  if: { properties: { type: { enum: types } } },
  then: { properties: { data }, required: ["data"] },
});

/**
 * The envelope every interaction has (docs: Interaction Object), and what the dispatcher reads of each type, so a
 * body it could not read is a 400 here rather than a crash after the answer was promised.
 */
const interactionBody = {
  type: "object",
  properties: {
    id: { type: "string" },
    application_id: { type: "string" },
    type: { type: "integer", enum: interactionTypes },
    token: { type: "string" },
    guild_id: { type: "string" },
    member,
    channel: { type: ["object", "null"], properties: { id: { type: "string" } } },
    locale: { type: "string" },
    guild_locale: { type: "string" },
  },
  required: ["id", "application_id", "type", "token"],
  allOf: [whenType([2, 4], commandData), whenType([3], componentData), whenType([5], modalData)],
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
