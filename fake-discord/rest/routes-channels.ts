import { botMentionRules } from "../messages/mention-rules.js";
import type { FastifyInstance } from "fastify";
import { DiscordHttpError, type FieldError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { readMessageDraft } from "../messages/message-draft.js";
import { messageFlags, type StoredMessage } from "../messages/message-types.js";
import { pickMessageAnchor, pickMessagePage } from "../messages/message-page.js";
import { renderMessage } from "../messages/render-message.js";
import {
  assertComponentsV2Edit,
  assertEditLeavesMessage,
  assertValidMessageBody,
} from "../validation/validate-message.js";
import { renderAnyChannel } from "../world/render-world.js";
import { botReadsHistory, requireChannelAccess } from "./channel-access.js";
import { readLimitParam, readSnowflakeParam } from "./page-query.js";
import { requireEditableThreadMessage } from "./thread-access.js";
import { readRequestBody } from "./request-body.js";

interface ChannelParams {
  channelId: string;
}
interface MessagePageQuery {
  limit?: string;
  around?: string;
  before?: string;
  after?: string;
}
interface MessageParams extends ChannelParams {
  messageId: string;
}

/** Channel routes (docs: Resources, Channel and Message). */
export function registerChannelRoutes(app: FastifyInstance, state: FakeDiscordState): void {
  const render = (message: StoredMessage) =>
    renderMessage(message, (id) => state.world.users.get(id), state.applicationId);

  const findMessage = (channelId: string, messageId: string): StoredMessage => {
    const message = state.messages.inChannelById(channelId, messageId);
    if (message === undefined) throw new DiscordHttpError("unknownMessage");
    return message;
  };

  app.get<{ Params: ChannelParams }>("/channels/:channelId", (request) => {
    const channel = requireChannelAccess(state, request.params.channelId, "view");
    return renderAnyChannel(channel, state.world.guilds.get(channel.guildId));
  });

  app.post<{ Params: ChannelParams }>("/channels/:channelId/messages", (request) => {
    const channel = requireChannelAccess(state, request.params.channelId, "send");
    const { json, files } = readRequestBody(request.body);
    assertValidMessageBody(json, { fileCount: files.length, isEdit: false });
    const draft = readMessageDraft(json);
    // enforce_nonce: a retried create returns the first message instead of posting twice.
    if (draft.enforceNonce === true && draft.nonce !== undefined && draft.nonce !== null) {
      const earlier = state.messages.findByNonce(
        channel.id,
        state.world.botUser.id,
        draft.nonce,
        state.nonceWindowMs,
      );
      if (earlier !== undefined) {
        state.stats.channelMessagesDeduplicated += 1;
        return render(earlier);
      }
    }
    // Create Message sets only SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE and IS_COMPONENTS_V2
    // (docs: Create Message, "flags"): a channel message is never ephemeral, so EPHEMERAL is dropped and
    // everyone sees it.
    const channelDraft =
      typeof draft.flags === "number" ? { ...draft, flags: draft.flags & ~messageFlags.ephemeral } : draft;
    const message = state.messages.create({
      channelId: channel.id,
      guildId: channel.guildId,
      authorId: state.world.botUser.id,
      draft: channelDraft,
      files,
      mentionRules: botMentionRules(state, channel.guildId, channel.id),
    });
    state.stats.channelMessagesCreated += 1;
    state.signal.notify();
    return render(message);
  });

  // Get Channel Messages: `limit` 1–100 (default 50), refused outside it, and one anchor of `around`,
  // `before` and `after` (fake-discord/README.md, "Channel messages").
  app.get<{ Params: ChannelParams; Querystring: MessagePageQuery }>(
    "/channels/:channelId/messages",
    (request) => {
      const channel = requireChannelAccess(state, request.params.channelId, "view");
      const errors: FieldError[] = [];
      const limit = readLimitParam(request.query.limit, { max: 100, fallback: 50 }, errors);
      const anchor = pickMessageAnchor({
        around: readSnowflakeParam("around", request.query.around, errors),
        before: readSnowflakeParam("before", request.query.before, errors),
        after: readSnowflakeParam("after", request.query.after, errors),
      });
      if (errors.length > 0) throw new DiscordHttpError("invalidFormBody", errors);
      if (!botReadsHistory(state, channel)) return [];
      return pickMessagePage(state.messages.inChannel(channel.id), anchor, limit).map(render);
    },
  );

  app.get<{ Params: MessageParams }>("/channels/:channelId/messages/:messageId", (request) => {
    requireChannelAccess(state, request.params.channelId, "read");
    return render(findMessage(request.params.channelId, request.params.messageId));
  });

  app.patch<{ Params: MessageParams }>("/channels/:channelId/messages/:messageId", (request) => {
    const channel = requireChannelAccess(state, request.params.channelId, "view");
    const message = findMessage(request.params.channelId, request.params.messageId);
    if (message.authorId !== state.world.botUser.id) throw new DiscordHttpError("notMessageAuthor");
    requireEditableThreadMessage(state, channel);
    const { json, files } = readRequestBody(request.body);
    assertValidMessageBody(json, { fileCount: files.length, isEdit: true });
    const draft = readMessageDraft(json);
    assertComponentsV2Edit(message, draft);
    assertEditLeavesMessage(message, draft, files.length);
    const edited = state.messages.edit(message, draft, files);
    state.signal.notify();
    return render(edited);
  });

  app.delete<{ Params: MessageParams }>(
    "/channels/:channelId/messages/:messageId",
    async (request, reply) => {
      requireChannelAccess(state, request.params.channelId, "view");
      state.messages.delete(findMessage(request.params.channelId, request.params.messageId));
      state.signal.notify();
      return reply.code(204).send();
    },
  );
}
