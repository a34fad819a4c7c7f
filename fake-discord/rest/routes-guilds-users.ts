import { OAuth2Scopes } from "discord.js";
import type { FastifyInstance } from "fastify";
import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { isBearerAuthorization, requireBearerGrant } from "../oauth2/bearer-grant.js";
import { renderGuild } from "../world/render-guild.js";
import { renderChannel, renderMember, renderUser } from "../world/render-world.js";
import type { FakeGuild } from "../world/world-types.js";

/** Guild, member and user look-ups (docs: Resources, Guild and User); roles are in routes-roles.ts. */
export function registerGuildAndUserRoutes(app: FastifyInstance, state: FakeDiscordState): void {
  const findGuild = (guildId: string): FakeGuild => {
    const guild = state.world.guilds.get(guildId);
    if (guild === undefined) throw new DiscordHttpError("unknownGuild");
    return guild;
  };

  app.get<{ Params: { guildId: string } }>("/guilds/:guildId", (request) =>
    renderGuild(findGuild(request.params.guildId)),
  );
  app.get<{ Params: { guildId: string } }>("/guilds/:guildId/channels", (request) =>
    [...findGuild(request.params.guildId).channels.values()].map(renderChannel),
  );
  app.get<{ Params: { guildId: string; userId: string } }>("/guilds/:guildId/members/:userId", (request) => {
    const member = findGuild(request.params.guildId).members.get(request.params.userId);
    const user = state.world.users.get(request.params.userId);
    if (member === undefined || user === undefined) throw new DiscordHttpError("unknownMember");
    return renderMember(member, user);
  });

  // A user's bearer token reads that user (identify scope); the bot's token reads the bot. @discordjs/rest
  // sends Routes.user("@me") as /users/%40me, which the router matches as /users/:userId.
  const renderCurrentUser = (authorization: string | undefined) =>
    isBearerAuthorization(authorization)
      ? renderUser(
          state.world.requireUser(requireBearerGrant(state, authorization, OAuth2Scopes.Identify).userId),
        )
      : renderUser(state.world.botUser);
  app.get("/users/@me", (request) => renderCurrentUser(request.headers.authorization));
  app.get<{ Params: { userId: string } }>("/users/:userId", (request) => {
    if (request.params.userId === "@me") return renderCurrentUser(request.headers.authorization);
    const user = state.world.users.get(request.params.userId);
    if (user === undefined) throw new DiscordHttpError("unknownUser");
    return renderUser(user);
  });
}
