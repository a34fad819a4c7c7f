// Who is calling: an API key (`Authorization: Bearer <key>` or `X-API-Key: <key>`) or an OAuth access
// token (as a bearer credential). Keys and tokens are looked up by their SHA-256 (the platform's API
// reference, Authentication).
import type { IncomingHttpHeaders } from "node:http";
import { unauthorized } from "../errors.js";
import { hashSecret } from "../ids.js";
import { levelForScopes } from "../oauth/scopes.js";
import type { Level, SandboxState, Shape } from "../state.js";

export interface Principal {
  userId: string;
  level: Level;
  kind: "api_key" | "oauth";
  /** The rate-limit bucket: one per API key, one per (OAuth client, user). */
  rateKey: string;
  rateLimit: number | undefined;
  shape: Shape | undefined;
}

const levelRank: Readonly<Record<Level, number>> = { read: 0, write: 1, admin: 2 };

export function hasLevel(principal: Principal, required: Level): boolean {
  return levelRank[principal.level] >= levelRank[required];
}

/** The credential a request carries, or undefined when it carries none. */
export function credentialOf(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match?.[1] ?? "";
  }
  const apiKey = headers["x-api-key"];
  return typeof apiKey === "string" ? apiKey.trim() : undefined;
}

export function resolvePrincipal(
  state: SandboxState,
  credential: string | undefined,
  now: number,
): Principal {
  if (credential === undefined) throw unauthorized("an API key or access token is required");
  const hash = hashSecret(credential);
  for (const key of state.apiKeys.values()) {
    if (key.keyHash !== hash) continue;
    return {
      userId: key.userId,
      level: key.level,
      kind: "api_key",
      rateKey: key.id,
      rateLimit: key.rateLimit,
      shape: key.shape,
    };
  }
  for (const grant of state.oauthGrants.values()) {
    if (grant.accessTokenHash !== hash) continue;
    if (grant.revoked) break;
    if (grant.accessExpiresAt <= now) throw unauthorized("the access token has expired");
    const shape = state.oauthClients.get(grant.clientId)?.shape;
    return {
      userId: grant.userId,
      level: levelForScopes(grant.scopes),
      kind: "oauth",
      rateKey: `oauth:${grant.clientId}:${grant.userId}`,
      rateLimit: undefined,
      shape,
    };
  }
  throw unauthorized("the API key or access token is not valid");
}
