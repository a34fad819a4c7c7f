// POST /interactions (docs/architecture.md, "Growing past one machine", INTERACTIONS_MODE=http): Discord POSTs each interaction here instead of
// sending it over the gateway. An encapsulated plugin: its raw bodies (src/webhooks/raw-body.ts) and
// signature check apply here only.
import type { KeyObject } from "node:crypto";
import {
  type APIInteractionResponse,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
} from "discord-api-types/v10";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { InFlightInteractions } from "../discord/in-flight-interactions.js";
import type { DispatchInteraction } from "../discord/interaction-dispatcher.js";
import { databaseUnavailableMessage } from "../discord/database-unavailable.js";
import type { Database } from "../store/database.js";
import { classifyWriteFault } from "../store/write-fault.js";
import { keepRawBody, readRawBody } from "../webhooks/raw-body.js";
import { captureFirstResponse } from "./first-response.js";
import { encodeInteractionAnswer } from "./interaction-answer.js";
import { isFreshTimestamp, verifyInteractionSignature } from "./interaction-signature.js";
import { interactionsRouteSchema } from "./interactions-route-schema.js";
import { createReplayGuard, ReplayRecordTimedOut } from "./replay-guard.js";

export interface InteractionsRouteOptions {
  /** From DISCORD_PUBLIC_KEY (readInteractionPublicKey), built once at start. */
  readonly publicKey: KeyObject;
  /** The same dispatcher the gateway feeds; its first response becomes the HTTP answer. */
  readonly dispatch: DispatchInteraction;
  readonly inFlight: InFlightInteractions;
  /** For the signed timestamp's age. */
  readonly clock: Clock;
  /** The shared database, where every instance records the interaction ids it took. */
  readonly db: Kysely<Database>;
}

const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
};

export const interactionsRoute: FastifyPluginAsyncZod<InteractionsRouteOptions> = async (app, options) => {
  const isFirstSight = createReplayGuard(options.db, options.clock);
  await app.register(keepRawBody);

  // Before validation: nothing of an unverified body is parsed, and the schema then checks the parsed one.
  app.addHook("preValidation", async (request, reply) => {
    const rawBody = readRawBody(request);
    const genuine = verifyInteractionSignature(options.publicKey, {
      signature: headerOf(request, "x-signature-ed25519"),
      timestamp: headerOf(request, "x-signature-timestamp"),
      rawBody,
    });
    const timestamp = headerOf(request, "x-signature-timestamp");
    const fresh = genuine && isFreshTimestamp(timestamp, options.clock.now());
    if (!fresh) {
      // A skewed clock refuses every interaction, so that case is a warning; forgeries are routine noise.
      if (genuine) {
        request.log.warn(
          "interaction refused: signed timestamp too far from now (replayed, or this host's clock is off)",
        );
      } else {
        request.log.info("interaction refused: invalid request signature");
      }
      return reply.code(401).type("text/plain; charset=utf-8").send("invalid request signature");
    }
    try {
      const parsed: unknown = JSON.parse(rawBody.toString("utf8"));
      request.body = parsed;
    } catch {
      return reply.code(400).send({ error: "bad_request" });
    }
    return undefined;
  });

  app.post("/interactions", { schema: interactionsRouteSchema }, async (request, reply) => {
    // Checked against the envelope schema; the dispatcher reads each type's own fields.
    const interaction = request.body;
    if (interaction.type === InteractionType.Ping) return reply.send({ type: InteractionResponseType.Pong });
    // A stopping instance takes nothing it could not finish before the database closes.
    if (options.inFlight.draining) return reply.code(503).send({ error: "shutting_down" });
    // Tracked for the graceful stop from here, not from the dispatch: a stop that begins while the id is being
    // recorded still waits for the handler, which goes on (edits, follow-ups over REST) after the answer.
    let taken: (handling?: Promise<void>) => void = () => undefined;
    options.inFlight.track(
      new Promise<void>((resolve) => {
        taken = resolve;
      }),
    );
    try {
      return await answerTaken();
    } finally {
      // Refused before the dispatch (a replay, a database that cannot write): nothing more to wait for.
      taken();
    }

    async function answerTaken() {
      // A captured request stays fresh for minutes and Discord never resends an interaction, so an id already
      // taken (here or by another instance) is a replay. 409, not 401: the signature is genuine, and this route's
      // 401 is the plain-text signature refusal; the request conflicts with one already handled.
      let firstSight: boolean;
      try {
        firstSight = await isFirstSight(interaction.id);
      } catch (error) {
        // Nothing runs, so a replay of this request can do no harm; the member reads why instead of
        // Discord's "This interaction failed".
        const slow = error instanceof ReplayRecordTimedOut;
        if (!slow && classifyWriteFault(error) === undefined) throw error;
        const why = slow ? "its replay record took over a second" : "the database cannot write";
        request.log.warn({ interactionId: interaction.id }, `interaction refused: ${why}`);
        return reply.send(answerDatabaseUnavailable(interaction.type));
      }
      if (!firstSight) {
        request.log.warn(
          { interactionId: interaction.id },
          "interaction refused: already handled (a replay)",
        );
        return reply.code(409).send({ error: "duplicate_interaction" });
      }

      const capture = captureFirstResponse(reply.raw);
      const handling = options.dispatch(interaction, capture.sendInitial);
      taken(handling);
      const first = await Promise.race([
        capture.first,
        handling.then(
          () => undefined,
          () => undefined,
        ),
      ]);
      if (first === undefined) {
        request.log.warn({ interactionId: interaction.id }, "the interaction ended without a response");
        return reply.code(500).send({ error: "internal_error", requestId: request.id });
      }
      const answer = await encodeInteractionAnswer(first.response, first.files);
      return reply.type(answer.contentType).send(answer.body);
    }
  });
};

/** An autocomplete offers no choices; anything else is told privately that nothing could be saved. */
function answerDatabaseUnavailable(type: InteractionType): APIInteractionResponse {
  if (type === InteractionType.ApplicationCommandAutocomplete) {
    return { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: [] } };
  }
  return {
    type: InteractionResponseType.ChannelMessageWithSource,
    data: { content: databaseUnavailableMessage, flags: MessageFlags.Ephemeral },
  };
}
