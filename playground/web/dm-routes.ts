// The member's own side of Discord, from the page: their direct messages with the bot (the app added to their
// account, a user install, and the commands Discord's client offers there) and member profiles with their
// Linked Roles connection as the bot last wrote it. `GET /api/dm/live` streams changes to both.
import { ApplicationCommandType, InteractionContextType, type APIApplicationCommand } from "discord.js";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { userInstallRefusal, type FakeDiscord, type StoredMessage } from "../../fake-discord/index.js";
import type { Playground } from "../start-playground.js";
import { isVisibleTo, viewMessage } from "./message-view.js";
import { describeRoleConnection } from "./profile-card.js";
import { findMemberId } from "./world-routes.js";
import { openEventStream } from "./event-stream.js";

const memberBody = z.object({ member: z.string() });

/** The member's DM channel with the bot: the one their first command there ran in (null before it). */
export function findBotDmChannel(discord: FakeDiscord, userId: string): string | null {
  const record = discord
    .interactions()
    .find(
      (each) =>
        each.guildId === null &&
        each.userId === userId &&
        each.payload.context === InteractionContextType.BotDM,
    );
  return record?.channelId ?? null;
}

/**
 * The commands Discord's client lists in the bot's DM for a user who added the app: global chat-input commands
 * whose integration_types include USER_INSTALL and whose contexts include BOT_DM (the fake's rule, which
 * defaults a command that declares neither to guild installs only).
 */
export function listBotDmCommands(discord: FakeDiscord): APIApplicationCommand[] {
  return discord
    .commands()
    .filter(
      (command) =>
        command.type === ApplicationCommandType.ChatInput &&
        userInstallRefusal(command, InteractionContextType.BotDM) === undefined,
    );
}

function isInBotDm(discord: FakeDiscord, message: StoredMessage, userId: string): boolean {
  return (
    message.guildId === null &&
    message.channelId === findBotDmChannel(discord, userId) &&
    isVisibleTo(message, userId)
  );
}

export function registerDmRoutes(app: FastifyInstance, playground: Playground): void {
  const { discord, guildId } = playground;

  app.get<{ Querystring: { member?: string } }>("/api/dm", (request, reply) => {
    const userId = findMemberId(playground, request.query.member ?? "");
    const installed = discord.oauth2.isInstalledForUser(userId);
    const messages = discord
      .allMessages()
      .filter((message) => !message.deleted && isInBotDm(discord, message, userId))
      .map((message) => viewMessage(discord, message));
    return reply.send({
      installed,
      bot: { id: discord.botUser.id, name: discord.botUser.username },
      commands: installed ? listBotDmCommands(discord) : [],
      messages,
    });
  });

  // "Add to my apps": the member adds the app to their account (a user install), as Discord's install link does.
  app.post("/api/dm/install", (request, reply) => {
    const userId = findMemberId(playground, memberBody.parse(request.body).member);
    discord.oauth2.installForUser(userId);
    return reply.send({ installed: true });
  });

  // A member's profile card: name, roles (highest first) and their Linked Roles connection.
  app.get<{ Params: { userId: string } }>("/api/profiles/:userId", (request, reply) => {
    const entry = discord.roles.byMember(guildId).find((each) => each.user.id === request.params.userId);
    if (entry === undefined) return reply.code(404).send({ error: "No such member" });
    const connection = discord.oauth2.roleConnection(entry.user.id);
    return reply.send({
      id: entry.user.id,
      name: entry.user.username,
      bot: entry.user.bot,
      roles: entry.roles.map((role) => ({ id: role.id, name: role.name, color: role.color })),
      connection:
        connection === undefined
          ? null
          : describeRoleConnection(connection, discord.oauth2.roleConnectionMetadata()),
      verificationUrl: playground.linkedRolesUrl,
    });
  });

  // One `message` event per change of a message in the member's DM with the bot; one `role-connection` event
  // ({ userId }) whenever the application sets or deletes anyone's role connection.
  app.get<{ Querystring: { member?: string } }>("/api/dm/live", (request, reply) => {
    const userId = findMemberId(playground, request.query.member ?? "");
    openEventStream(request, reply, (stream) => [
      discord.onMessageChange((message, change) => {
        if (!isInBotDm(discord, message, userId)) return;
        stream.send("message", { change, message: viewMessage(discord, message) });
      }),
      discord.oauth2.onRoleConnectionChange((changedUserId) => {
        stream.send("role-connection", { userId: changedUserId });
      }),
    ]);
  });
}
