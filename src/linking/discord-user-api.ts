// The two Discord endpoints Linked Roles call with the member's own bearer token (Discord's docs: Resources,
// User — Get Current User; Update Current User Application Role Connection).
import type { APIUser, RESTPutAPICurrentUserApplicationRoleConnectionJSONBody } from "discord-api-types/v10";
import { discordApiBase, type LinkedRolesSettings } from "./linked-roles-settings.js";

const timeoutMs = 10_000;

/** Discord answered 401: the token was revoked or has expired; the member must verify again. */
export class DiscordTokenRefusedError extends Error {
  override readonly name = "DiscordTokenRefusedError";
}

/** Any other failure; the message names the endpoint and status, never the token. */
export class DiscordUserApiError extends Error {
  override readonly name = "DiscordUserApiError";

  constructor(
    message: string,
    readonly details: {
      /** Discord's status; undefined when Discord could not be reached. */
      readonly status?: number;
      /** A 429's `Retry-After`, in milliseconds. */
      readonly retryAfterMs?: number;
      readonly cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? {} : { cause: details.cause });
  }

  /** Worth trying again later: Discord unreachable, a 429 or a 5xx. */
  get isTransient(): boolean {
    const { status } = this.details;
    return status === undefined || status === 429 || status >= 500;
  }
}

/** Retry-After is in seconds (Discord's docs: Topics, Rate Limits); undefined when absent or malformed. */
function readRetryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get("retry-after") ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : undefined;
}

async function send(
  settings: LinkedRolesSettings,
  accessToken: string,
  request: { readonly method: "GET" | "PUT"; readonly path: string; readonly body?: unknown },
): Promise<unknown> {
  const operation = `${request.method} ${request.path}`;
  let response: Response;
  try {
    response = await fetch(`${discordApiBase(settings)}${request.path}`, {
      method: request.method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(request.body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new DiscordUserApiError(`${operation} could not reach Discord`, { cause: error });
  }
  if (response.status === 401) throw new DiscordTokenRefusedError(`${operation} answered 401`);
  if (!response.ok) {
    const retryAfterMs = response.status === 429 ? readRetryAfterMs(response) : undefined;
    throw new DiscordUserApiError(`${operation} answered ${response.status}`, {
      status: response.status,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  return response.json();
}

export async function getDiscordUser(settings: LinkedRolesSettings, accessToken: string): Promise<APIUser> {
  const user = (await send(settings, accessToken, { method: "GET", path: "/users/@me" })) as Partial<APIUser>;
  if (typeof user.id !== "string" || typeof user.username !== "string")
    throw new DiscordUserApiError("GET /users/@me answered without an id");
  return user as APIUser;
}

export async function putRoleConnection(
  settings: LinkedRolesSettings,
  accessToken: string,
  body: RESTPutAPICurrentUserApplicationRoleConnectionJSONBody,
): Promise<void> {
  const path = `/users/@me/applications/${settings.clientId}/role-connection`;
  await send(settings, accessToken, { method: "PUT", path, body });
}

/**
 * Empties the member's connection: Discord documents only the PUT, so no platform name, no username and no
 * metadata values, which no Linked Role's requirement is met by.
 */
export async function clearRoleConnection(settings: LinkedRolesSettings, accessToken: string): Promise<void> {
  await putRoleConnection(settings, accessToken, { metadata: {} });
}
