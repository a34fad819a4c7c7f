import { ChannelType } from "discord.js";
import type { FastifyInstance } from "fastify";
import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { renderThread } from "../world/render-world.js";
import { threadChannelTypes } from "../world/world-types.js";
import { requireThreadEdit, requireThreadStanding, requireThreadStarter } from "./thread-access.js";
import { readEnumMember } from "./read-enum-member.js";
import { assertNameGiven } from "./name-given.js";
import { readThreadChanges, readThreadStart } from "./thread-bodies.js";

interface ChannelParams {
  channelId: string;
}

/** Threads (docs: Resources, Channel — Start Thread, Modify Channel; Topics, Threads). */
export function registerThreadRoutes(app: FastifyInstance, state: FakeDiscordState): void {
  const { world } = state;

  // The thread takes the message's id, so a message has one thread at most: 160004 for a second one. A text
  // channel gets a PUBLIC_THREAD, an announcement channel an ANNOUNCEMENT_THREAD.
  app.post<{ Params: ChannelParams & { messageId: string } }>(
    "/channels/:channelId/messages/:messageId/threads",
    (request) => {
      const type =
        world.channel(request.params.channelId)?.type === ChannelType.GuildAnnouncement
          ? ChannelType.AnnouncementThread
          : ChannelType.PublicThread;
      const { guild, channel } = requireThreadStarter(state, request.params.channelId, type);
      const message = state.messages.inChannelById(channel.id, request.params.messageId);
      if (message === undefined) throw new DiscordHttpError("unknownMessage");
      if (world.channel(message.id) !== undefined) throw new DiscordHttpError("threadAlreadyCreated");
      const fields = readThreadStart(request.body);
      assertNameGiven(fields.name);
      const thread = world.threads.start(guild, channel, {
        ...fields,
        id: message.id,
        type,
        ownerId: world.botUser.id,
      });
      state.signal.notify();
      return renderThread(thread, guild);
    },
  );

  // `type` defaults to PRIVATE_THREAD (docs: Start Thread without Message), and private threads are made
  // in text channels only (Topics, Threads — Public & Private Threads).
  app.post<{ Params: ChannelParams }>("/channels/:channelId/threads", (request) => {
    const fields = readThreadStart(request.body);
    assertNameGiven(fields.name);
    const asked = fields.type ?? ChannelType.PrivateThread;
    const { guild, channel } = requireThreadStarter(state, request.params.channelId, asked);
    if (!threadChannelTypes.has(asked)) throw new DiscordHttpError("wrongChannelType");
    const parentType = readEnumMember(ChannelType, channel.type);
    if (asked === ChannelType.PrivateThread && parentType !== ChannelType.GuildText)
      throw new DiscordHttpError("wrongChannelType");
    const type = parentType === ChannelType.GuildAnnouncement ? ChannelType.AnnouncementThread : asked;
    const thread = world.threads.start(guild, channel, {
      ...fields,
      id: state.nextId(),
      type,
      ownerId: world.botUser.id,
    });
    state.signal.notify();
    return renderThread(thread, guild);
  });

  // Modify Channel is modelled for threads only; other channels get the fake's 404 for a route it lacks.
  app.patch<{ Params: ChannelParams }>("/channels/:channelId", (request) => {
    const thread = world.channel(request.params.channelId);
    if (thread === undefined) throw new DiscordHttpError("unknownChannel");
    if (!threadChannelTypes.has(thread.type)) throw new DiscordHttpError("notFound");
    const changes = readThreadChanges(request.body);
    assertNameGiven(changes.name);
    const { guild } = requireThreadEdit(state, thread, changes);
    world.threads.update(guild, thread, changes);
    state.signal.notify();
    return renderThread(thread, guild);
  });

  // List Active Guild Threads: the unarchived threads of channels the bot can see, and no thread members
  // (the fake keeps none).
  app.get<{ Params: { guildId: string } }>("/guilds/:guildId/threads/active", (request) => {
    const guild = world.guilds.get(request.params.guildId);
    if (guild === undefined) throw new DiscordHttpError("unknownGuild");
    const visible = [...guild.threads.values()].filter((thread) => {
      if (thread.thread?.archived === true) return false;
      try {
        requireThreadStanding(state, thread.id);
        return true;
      } catch {
        return false;
      }
    });
    return { threads: visible.map((thread) => renderThread(thread, guild)), members: [] };
  });
}
