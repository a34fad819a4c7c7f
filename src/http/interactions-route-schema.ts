// The zod schemas of POST /interactions (docs/conventions.md, "HTTP code"). The body is checked against its
// schema only after the signature, once the raw bytes have been verified and parsed (interactions-route.ts).
import type { APIInteraction, APIInteractionResponse } from "discord-api-types/v10";
import { z } from "zod";
import { errorBodySchema } from "./error-body-schema.js";

/** A guild member as the dispatcher reads it (read-actor.ts): who acts, and their permissions as a bit set. */
const member = z.object({
  user: z.object({ id: z.string(), username: z.string() }),
  permissions: z.string().regex(/^[0-9]{1,40}$/),
});

/** The envelope every interaction has (docs: Interaction Object). */
const envelope = z.object({
  id: z.string(),
  application_id: z.string(),
  token: z.string(),
  guild_id: z.string().optional(),
  member: member.optional(),
  /** Outside a server (a user install in a DM) Discord sends `user` instead of `member`. */
  user: z.object({ id: z.string(), username: z.string() }).optional(),
  /** The installs that authorised it, by integration type: "0" the server's, "1" the member's own (read-actor.ts). */
  authorizing_integration_owners: z.record(z.string(), z.string()).optional(),
  channel: z.object({ id: z.string().optional() }).nullable().optional(),
  locale: z.string().optional(),
  guild_locale: z.string().optional(),
});

/** What each type carries in `data` that the dispatcher reads before a handler runs. */
const commandData = z.object({
  name: z.string(),
  type: z.int(),
  options: z.array(z.object({})).optional(),
});
const componentData = z.object({ custom_id: z.string(), values: z.array(z.string()).optional() });
const modalData = z.object({
  custom_id: z.string(),
  components: z.array(
    z.object({
      components: z.array(z.object({})).optional(),
      component: z.object({}).optional(),
    }),
  ),
});

/** The interaction types the dispatcher answers, PING to MODAL_SUBMIT, with what it reads of each. */
const readableInteraction = z.discriminatedUnion("type", [
  envelope.extend({ type: z.literal(1) }),
  envelope.extend({ type: z.literal([2, 4]), data: commandData }),
  envelope.extend({ type: z.literal(3), data: componentData }),
  envelope.extend({ type: z.literal(5), data: modalData }),
]);

/**
 * A body the dispatcher could not read is a 400 here rather than a crash after the answer was promised. The
 * rest of the interaction is Discord's to get right: it signed the body, so once readable it is handed on as
 * it came, typed as Discord's own interaction (the handlers read fields this schema does not name).
 */
const interactionBody = z.custom<APIInteraction>().superRefine((body, context) => {
  for (const issue of readableInteraction.safeParse(body).error?.issues ?? []) {
    context.addIssue({ code: "custom", path: issue.path, message: issue.message });
  }
});

/** Loose: the request's other headers are kept as they came. */
const signatureHeaders = z.looseObject({
  "x-signature-ed25519": z.string().optional(),
  "x-signature-timestamp": z.string().optional(),
});

const respondedType = z.object({ type: z.int() });

/**
 * An interaction response (docs: Interaction Response Object), sent as JSON; one with files is sent as the
 * bytes of a multipart/form-data body, which carries it as payload_json (interaction-answer.ts).
 */
const interactionAnswer = z.union([
  z.custom<APIInteractionResponse>((answer) => respondedType.safeParse(answer).success),
  z.instanceof(Buffer),
]);

export const interactionsRouteSchema = {
  headers: signatureHeaders,
  body: interactionBody,
  response: {
    200: interactionAnswer,
    // Plain text, as Discord's own examples answer: "invalid request signature".
    401: z.string(),
    "4xx": errorBodySchema,
    "5xx": errorBodySchema,
  },
};
