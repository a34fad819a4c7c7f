// The server's Events tab from the page: the scheduled events as one member sees them (whether they marked
// each "Interested"), and marking or unmarking one as that member, which reaches the bot as
// GUILD_SCHEDULED_EVENT_USER_ADD or _REMOVE (the count a tournament's reminder names).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Playground } from "../start-playground.js";
import { listEventViews } from "./event-view.js";
import { findMemberId } from "./world-routes.js";

const interestBody = z.object({ member: z.string(), interested: z.boolean() });

export function registerEventRoutes(app: FastifyInstance, playground: Playground): void {
  const { discord, guildId } = playground;

  app.get<{ Querystring: { member?: string } }>("/api/events", (request, reply) => {
    const memberId = findMemberId(playground, request.query.member ?? "");
    return reply.send(listEventViews(discord, guildId, memberId));
  });

  app.post<{ Params: { eventId: string } }>("/api/events/:eventId/interest", (request, reply) => {
    const { member, interested } = interestBody.parse(request.body);
    const memberId = findMemberId(playground, member);
    if (interested) discord.scheduledEvents.markInterested(guildId, request.params.eventId, memberId);
    else discord.scheduledEvents.unmarkInterested(guildId, request.params.eventId, memberId);
    return reply.send({ interested });
  });
}
