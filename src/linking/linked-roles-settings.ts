// Linked Roles' side of Discord's OAuth2 (docs/architecture.md, "Linked Roles"): the client, the endpoints
// under Discord's API base, the scopes and the bot's own URLs for it.
import type { Config } from "../config.js";
import type { TokenEndpointOptions } from "../oauth/token-endpoint.js";

/** The application's OAuth2 client (DISCORD_APPLICATION_ID, DISCORD_CLIENT_SECRET) and Discord's API base. */
export interface LinkedRolesSettings {
  readonly clientId: string;
  readonly clientSecret: string;
  /** DISCORD_API_URL, or Discord's own `https://discord.com/api`. */
  readonly discordApiUrl: string;
}

/** Linked Roles is off unless DISCORD_CLIENT_SECRET is set (docs/architecture.md, "Linked Roles"). */
export function readLinkedRolesSettings(config: Pick<Config, "discord">): LinkedRolesSettings | undefined {
  const client = config.discord.linkedRoles;
  if (client === undefined) return undefined;
  return { ...client, discordApiUrl: config.discord.apiUrl ?? "https://discord.com/api" };
}

/** `identify` says who the member is; `role_connections.write` lets the bot write their connection. */
export const linkedRolesScopes = ["identify", "role_connections.write"] as const;

/** The Linked Roles Verification URL the Developer Portal is given (docs/operations.md, "Linked Roles"). */
export function linkedRolesVerificationUrl(publicUrl: string): string {
  return `${publicUrl}/oauth/linked-roles`;
}

/** Where Discord sends the browser back; registered as a redirect URI in the Developer Portal. */
export function linkedRolesRedirectUri(publicUrl: string): string {
  return `${publicUrl}/oauth/linked-roles/callback`;
}

/** Discord's versioned API base: the authorize, token and user endpoints sit under it. */
export function discordApiBase(settings: LinkedRolesSettings): string {
  return `${settings.discordApiUrl.replace(/\/+$/, "")}/v10`;
}

/** Discord's token endpoint takes form bodies (Discord's docs: Topics, OAuth2 — Authorization Code Grant). */
export function discordTokenEndpoint(settings: LinkedRolesSettings): TokenEndpointOptions {
  return {
    tokenUrl: discordApiBase(settings),
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    format: "form",
    paths: { token: "/oauth2/token", revocation: "/oauth2/token/revoke" },
  };
}
