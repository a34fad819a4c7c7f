// `GET /api/live?member=alice`: Server-Sent Events, one `message` event per create, edit or delete of a
// message that member sees (their own ephemeral replies included), so the page shows posts as they arrive
// and edits in place; and a `roles` event whenever the server's roles or a member's roles change, so the page
// reads them again and names a role the bot just made; a `thread` event (its summary) whenever a thread is
// started, archived or changed, or a post in it comes or goes, so the summary under its first message and an
// open thread stay current; and an `events` event whenever the server's scheduled events change.
import type { FastifyInstance } from "fastify";
import type { Playground } from "../start-playground.js";
import { openEventStream } from "./event-stream.js";
import { isVisibleTo, viewMessage } from "./message-view.js";
import { viewThread, type ThreadView } from "./thread-view.js";
import { findMemberId } from "./world-routes.js";

export function registerLiveRoute(app: FastifyInstance, playground: Playground): void {
  app.get<{ Querystring: { member?: string } }>("/api/live", (request, reply) => {
    const memberId = findMemberId(playground, request.query.member ?? "");
    const { discord, guildId } = playground;
    openEventStream(request, reply, (stream) => {
      const tellThread = (thread: ThreadView) => {
        stream.send("thread", thread);
      };
      return [
        discord.onMessageChange((message, change) => {
          // The server's channels only: a member's DM with the bot has a stream of its own (dm-routes.ts).
          if (message.guildId !== guildId || !isVisibleTo(message, memberId)) return;
          stream.send("message", { change, message: viewMessage(discord, message) });
          // A post in a thread changes its count and last message time.
          const thread = discord.threads.ofMessage(message.channelId);
          if (thread !== undefined && thread.guildId === guildId) tellThread(viewThread(discord, thread));
        }),
        discord.roles.onChange((changed) => {
          if (changed === guildId) stream.send("roles", {});
        }),
        discord.threads.onChange((thread) => {
          if (thread.guildId === guildId) tellThread(viewThread(discord, thread));
        }),
        discord.scheduledEvents.onChange((changed) => {
          if (changed === guildId) stream.send("events", {});
        }),
      ];
    });
  });
}
