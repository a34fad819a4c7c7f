// Linked Roles as Discord documents them: the application's metadata records (docs: Resources, Application
// Role Connection Metadata — bot token) and a user's role connection (docs: Resources, User — Get / Update
// Current User Application Role Connection — the user's bearer token with role_connections.write).
import { OAuth2Scopes } from "discord.js";
import type { FastifyInstance } from "fastify";
import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { requireBearerGrant } from "../oauth2/bearer-grant.js";
import { readMetadataRecords, readRoleConnection } from "../role-connections/validate-role-connection.js";

interface ApplicationParams {
  applicationId: string;
}

export function registerRoleConnectionRoutes(app: FastifyInstance, state: FakeDiscordState): void {
  const requireApplication = (applicationId: string): void => {
    if (applicationId !== state.applicationId) throw new DiscordHttpError("unknownApplication");
  };
  const metadataRoute = "/applications/:applicationId/role-connections/metadata";
  app.get<{ Params: ApplicationParams }>(metadataRoute, (request) => {
    requireApplication(request.params.applicationId);
    return state.roleConnections.metadata;
  });
  app.put<{ Params: ApplicationParams }>(metadataRoute, (request) => {
    requireApplication(request.params.applicationId);
    state.roleConnections.replaceMetadata(readMetadataRecords(request.body));
    return state.roleConnections.metadata;
  });

  const connectionRoute = "/users/@me/applications/:applicationId/role-connection";
  const requireUserGrant = (authorization: string | undefined, applicationId: string) => {
    const grant = requireBearerGrant(state, authorization, OAuth2Scopes.RoleConnectionsWrite);
    requireApplication(applicationId);
    return grant;
  };
  app.get<{ Params: ApplicationParams }>(connectionRoute, (request) => {
    const grant = requireUserGrant(request.headers.authorization, request.params.applicationId);
    return state.roleConnections.connectionOf(grant.userId);
  });
  app.put<{ Params: ApplicationParams }>(connectionRoute, (request) => {
    const grant = requireUserGrant(request.headers.authorization, request.params.applicationId);
    const registered = new Map(state.roleConnections.metadata.map((record) => [record.key, record.type]));
    const connection = readRoleConnection(request.body, registered);
    state.roleConnections.setConnection(grant.userId, connection);
    state.signal.notify();
    return connection;
  });
  app.delete<{ Params: ApplicationParams }>(connectionRoute, async (request, reply) => {
    const grant = requireUserGrant(request.headers.authorization, request.params.applicationId);
    state.roleConnections.deleteConnection(grant.userId);
    state.signal.notify();
    return reply.code(204).send();
  });
}
