// What the page reads: the server, its channels and members (with the sandbox key each member links with, and
// everyone's roles for the member list), the clock's time, a free name to offer for a new member, the commands a
// member may use, a channel's or a thread's messages as one member sees them, a thread's summary, attachments'
// bytes. The server's scheduled events are read in event-routes.ts.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Playground } from "../start-playground.js";
import { suggestFreeMemberName } from "./free-member-name.js";
import { listChannelMessages } from "./message-view.js";
import { viewThread } from "./thread-view.js";

const newMember = z.object({ username: z.string().regex(/^[a-z0-9_]{2,32}$/) });
const youAre = z.object({ member: z.string() });

export function registerWorldRoutes(app: FastifyInstance, playground: Playground): void {
  const { discord, guildId } = playground;

  app.get("/api/world", (_request, reply) => {
    const guild = discord.guilds().find((each) => each.id === guildId);
    return reply.send({
      guild: { id: guildId, name: guild?.name ?? "Playground" },
      bot: { id: discord.botUser.id, name: discord.botUser.username },
      channels: [...playground.channels].map(([name, id]) => ({ id, name })),
      members: [...playground.members].map(([name, member]) => ({
        id: member.user.id,
        name,
        platformUsername: member.platformUsername,
        apiKey: playground.platformKeyOf(name) ?? null,
      })),
      roles: discord.roles.list(guildId).map((role) => ({ id: role.id, name: role.name, color: role.color })),
      // The one clock's time, which the page reads relative timestamps against (playground/README.md, "One clock").
      now: playground.sandbox.clock.now(),
      // Discord's member list: everyone in the server, the bot too, with their roles highest first.
      memberList: discord.roles.byMember(guildId).map(({ user, roles }) => ({
        id: user.id,
        name: user.username,
        bot: user.bot,
        // Every server has an owner: the fake's, whom no one here plays, is marked as Discord marks one.
        owner: user.id === guild?.ownerId,
        roleIds: roles.map((role) => role.id),
      })),
      freeMemberName: findFreeMemberName(playground),
    });
  });

  app.post("/api/members", (request, reply) => {
    const { username } = newMember.parse(request.body);
    let member;
    try {
      member = playground.addMember(username);
    } catch (error) {
      // Refused (a member or a sandbox account has the name): offer one that works.
      const reason = error instanceof Error ? error.message : String(error);
      return reply.code(409).send({ error: `${reason}. Try ${findFreeMemberName(playground)}.` });
    }
    return reply.code(201).send({ id: member.user.id, name: username });
  });

  // "You are": the member chosen is the one signed in in this browser (the sandbox's sign-in, Discord's consent).
  app.post("/api/you-are", (request, reply) => {
    const { member } = youAre.parse(request.body);
    playground.signInAs(member);
    return reply.code(204).send();
  });

  // The member's "/" list, as Discord's client shows it: commands they lack the permissions for are left out.
  app.get<{ Querystring: { member?: string } }>("/api/commands", (request, reply) => {
    const memberId = findMemberId(playground, request.query.member ?? "");
    return reply.send(discord.commandsFor(guildId, memberId));
  });

  app.get<{ Params: { channelId: string }; Querystring: { member?: string } }>(
    "/api/channels/:channelId/messages",
    (request, reply) => {
      const memberId = findMemberId(playground, request.query.member ?? "");
      return reply.send(listChannelMessages(discord, request.params.channelId, memberId));
    },
  );

  // A thread's messages come from the channel route above (a thread is a channel); this is its summary.
  app.get<{ Params: { threadId: string } }>("/api/threads/:threadId", (request, reply) => {
    const thread = discord.threads.list(guildId).find((each) => each.id === request.params.threadId);
    if (thread === undefined) return reply.code(404).send({ error: "No such thread" });
    return reply.send(viewThread(discord, thread));
  });

  app.get<{ Params: { messageId: string; index: string } }>(
    "/api/attachments/:messageId/:index",
    async (request, reply) => {
      const message = discord.allMessages().find((each) => each.id === request.params.messageId);
      const attachment = message?.attachments[Number(request.params.index)];
      if (attachment === undefined) return reply.code(404).send({ error: "No such attachment" });
      return reply.type(attachment.contentType).send(attachment.data);
    },
  );
}

/** A name no member and no sandbox account has yet. */
function findFreeMemberName(playground: Playground): string {
  const sandboxUsers = [...playground.sandbox.state.users.values()].map((user) => user.username);
  return suggestFreeMemberName(new Set([...playground.members.keys(), ...sandboxUsers]));
}

/** The Discord id of a playground member by name; throws (a 400) for anyone else. */
export function findMemberId(playground: Playground, name: string): string {
  const member = playground.members.get(name);
  if (member === undefined) throw new Error(`No member "${name}"`);
  return member.user.id;
}
