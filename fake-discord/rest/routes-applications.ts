import type { FastifyInstance } from "fastify";
import { assertValidCommand, assertValidCommandList } from "../commands/validate-command.js";
import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { renderUser } from "../world/render-world.js";

interface ApplicationParams {
  applicationId: string;
  guildId?: string;
  commandId?: string;
}

/** The application and its commands (docs: Resources, Application; Interactions, Application Commands). */
export function registerApplicationRoutes(app: FastifyInstance, state: FakeDiscordState): void {
  const renderWholeApplication = () => ({
    ...renderApplication(state),
    team: null,
    summary: "",
    bot: renderUser(state.world.botUser),
    owner: renderUser(state.world.botUser),
  });
  app.get("/applications/@me", renderWholeApplication);
  app.get("/oauth2/applications/@me", renderWholeApplication);

  /** Checks the application id and guild of a command route; 10002 / 10004 as Discord answers. */
  const scopeOf = (params: ApplicationParams): string | undefined => {
    if (params.applicationId !== state.applicationId) throw new DiscordHttpError("unknownApplication");
    if (params.guildId !== undefined && !state.world.guilds.has(params.guildId))
      throw new DiscordHttpError("unknownGuild");
    return params.guildId;
  };

  for (const base of [
    "/applications/:applicationId/commands",
    "/applications/:applicationId/guilds/:guildId/commands",
  ]) {
    app.get<{ Params: ApplicationParams }>(base, (request) => state.commands.list(scopeOf(request.params)));
    app.put<{ Params: ApplicationParams }>(base, (request) => {
      const scope = scopeOf(request.params);
      return state.commands.overwrite(assertValidCommandList(request.body), scope);
    });
    app.post<{ Params: ApplicationParams }>(base, (request) => {
      const scope = scopeOf(request.params);
      return state.commands.upsert(assertValidCommand(request.body), scope);
    });
    app.delete<{ Params: ApplicationParams }>(`${base}/:commandId`, async (request, reply) => {
      const scope = scopeOf(request.params);
      if (!state.commands.delete(request.params.commandId ?? "", scope))
        throw new DiscordHttpError("unknownCommand");
      return reply.code(204).send();
    });
  }
}

/** The application object's own fields, as Get Current Application and Get Current Authorization give them. */
export function renderApplication(state: FakeDiscordState) {
  return {
    id: state.applicationId,
    name: state.applicationName,
    icon: null,
    description: "",
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: "",
    flags: 0,
  };
}
