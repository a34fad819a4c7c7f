// OAuth applications ("Settings, OAuth Applications" in the spec): a client id, a secret (kept hashed)
// and the exact callback URLs it may use.
import { timingSafeEqual } from "node:crypto";
import { hashSecret, newSecret } from "../ids.js";
import type { OAuthClient, SandboxState, Shape } from "../state.js";
import { OAuthError } from "./errors.js";

export interface RegisteredClient {
  clientId: string;
  clientSecret: string;
  name: string;
  redirectUris: string[];
}

export function registerClient(
  state: SandboxState,
  input: {
    name: string;
    redirectUris: string[];
    clientId?: string | undefined;
    clientSecret?: string | undefined;
    shape?: Shape | undefined;
  },
): RegisteredClient {
  const clientId = input.clientId ?? newSecret("cli").slice(0, 28);
  const clientSecret = input.clientSecret ?? newSecret("cs");
  const client: OAuthClient = {
    clientId,
    secretHash: hashSecret(clientSecret),
    name: input.name,
    redirectUris: [...input.redirectUris],
    shape: input.shape,
  };
  state.oauthClients.set(clientId, client);
  return { clientId, clientSecret, name: input.name, redirectUris: client.redirectUris };
}

/** Client credentials from HTTP Basic (RFC 6749 §2.3.1) or from the body, not both. */
export function authenticateClient(
  state: SandboxState,
  authorization: string | undefined,
  body: { client_id?: string | undefined; client_secret?: string | undefined },
): OAuthClient {
  const basic = parseBasic(authorization);
  if (basic !== undefined && body.client_secret !== undefined) {
    throw new OAuthError("invalid_request", "use one client authentication method", true);
  }
  const clientId = basic?.clientId ?? body.client_id;
  const secret = basic?.secret ?? body.client_secret;
  const client = clientId === undefined ? undefined : state.oauthClients.get(clientId);
  if (client === undefined || secret === undefined || !sameHash(hashSecret(secret), client.secretHash)) {
    throw new OAuthError("invalid_client", "client authentication failed", basic !== undefined);
  }
  return client;
}

function parseBasic(authorization: string | undefined): { clientId: string; secret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(authorization ?? "");
  if (match?.[1] === undefined) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  return {
    clientId: decodeURIComponent(decoded.slice(0, colon)),
    secret: decodeURIComponent(decoded.slice(colon + 1)),
  };
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
