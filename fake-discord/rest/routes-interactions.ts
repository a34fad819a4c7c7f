import type { FastifyInstance } from "fastify";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { acceptCallback } from "../interactions/accept-callback.js";
import {
  createFollowUp,
  editWebhookMessage,
  findInteractionByWebhook,
  findWebhookMessage,
} from "../interactions/interaction-webhook.js";
import { readMessageDraft } from "../messages/message-draft.js";
import type { StoredMessage } from "../messages/message-types.js";
import { renderMessage } from "../messages/render-message.js";
import {
  assertComponentsV2Edit,
  assertEditLeavesMessage,
  assertValidMessageBody,
} from "../validation/validate-message.js";
import { readRequestBody } from "./request-body.js";

interface WebhookParams {
  applicationId: string;
  token: string;
}
interface WebhookMessageParams extends WebhookParams {
  messageId: string;
}

/** The interaction callback and the interaction webhook (docs: Receiving and Responding). */
export function registerInteractionRoutes(app: FastifyInstance, state: FakeDiscordState): void {
  const render = (message: StoredMessage) =>
    renderMessage(message, (id) => state.world.users.get(id), state.applicationId);

  app.post<{ Params: { interactionId: string; token: string }; Querystring: { with_response?: string } }>(
    "/interactions/:interactionId/:token/callback",
    async (request, reply) => {
      const { json, files } = readRequestBody(request.body);
      const response = acceptCallback(state, {
        interactionId: request.params.interactionId,
        token: request.params.token,
        body: json,
        files,
        overHttp: false,
      });
      // Without with_response Discord answers 204 (docs: Create Interaction Response).
      return request.query.with_response === "true" ? response : reply.code(204).send();
    },
  );

  app.post<{ Params: WebhookParams; Querystring: { wait?: string } }>(
    "/webhooks/:applicationId/:token",
    async (request, reply) => {
      const record = findInteractionByWebhook(state, request.params.applicationId, request.params.token);
      const { json, files } = readRequestBody(request.body);
      assertValidMessageBody(json, { fileCount: files.length, isEdit: false });
      const message = createFollowUp(state, record, readMessageDraft(json), files);
      return request.query.wait === "false" ? reply.code(204).send() : render(message);
    },
  );

  // "@original" arrives as %40original; the router decodes it before it reaches the handler.
  app.get<{ Params: WebhookMessageParams }>(
    "/webhooks/:applicationId/:token/messages/:messageId",
    (request) => {
      const record = findInteractionByWebhook(state, request.params.applicationId, request.params.token);
      return render(findWebhookMessage(state, record, request.params.messageId));
    },
  );

  app.patch<{ Params: WebhookMessageParams }>(
    "/webhooks/:applicationId/:token/messages/:messageId",
    (request) => {
      const record = findInteractionByWebhook(state, request.params.applicationId, request.params.token);
      const message = findWebhookMessage(state, record, request.params.messageId);
      const { json, files } = readRequestBody(request.body);
      assertValidMessageBody(json, { fileCount: files.length, isEdit: true });
      const draft = readMessageDraft(json);
      assertComponentsV2Edit(message, draft);
      assertEditLeavesMessage(message, draft, files.length);
      return render(editWebhookMessage(state, record, message, draft, files));
    },
  );

  app.delete<{ Params: WebhookMessageParams }>(
    "/webhooks/:applicationId/:token/messages/:messageId",
    async (request, reply) => {
      const record = findInteractionByWebhook(state, request.params.applicationId, request.params.token);
      state.messages.delete(findWebhookMessage(state, record, request.params.messageId));
      state.signal.notify();
      return reply.code(204).send();
    },
  );
}
