import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import type { OAuth2Grant } from "./oauth2-store.js";

const bearerPattern = /^Bearer (\S+)$/;

/** Whether a request authenticates as a user (`Authorization: Bearer <token>`) rather than as the bot. */
export function isBearerAuthorization(authorization: string | undefined): boolean {
  return authorization !== undefined && bearerPattern.test(authorization);
}

/**
 * The grant behind a bearer token: 401 when it is missing, unknown, revoked or expired, and 403 50026
 * Missing required OAuth2 scope when the user did not grant `scope` (docs: Topics, Opcodes and Status Codes).
 */
export function requireBearerGrant(
  state: FakeDiscordState,
  authorization: string | undefined,
  scope?: string,
): OAuth2Grant {
  const token = bearerPattern.exec(authorization ?? "")?.[1];
  const grant = token === undefined ? undefined : state.oauth2.findByAccessToken(token);
  if (grant === undefined) throw new DiscordHttpError("unauthorized");
  if (scope !== undefined && !grant.scopes.includes(scope)) throw new DiscordHttpError("missingOAuth2Scope");
  return grant;
}
