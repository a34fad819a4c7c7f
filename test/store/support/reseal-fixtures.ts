// The keys and secrets the reseal tests share (docs/operations.md, "Rotating and retiring an encryption key"):
// a ring with the old key, one rotated to a new key, one with the new key only and one with a lost key, and
// one secret of every kind the bot seals.
import type { Kysely } from "kysely";
import { createKeyRing, generateKeySpec } from "../../../src/secrets/key-ring.js";
import { createSecretBox, type SecretBox } from "../../../src/secrets/secret-box.js";
import type { Database } from "../../../src/store/database.js";
import { createLinkedRoleState } from "../../../src/store/linked-role-states.js";
import { saveMemberLink, type MemberLinkInput } from "../../../src/store/member-links.js";
import { bindOAuthStart } from "../../../src/store/oauth-starts.js";
import { createOAuthState } from "../../../src/store/oauth-states.js";
import { recordOperatorWebhookSecret } from "../../../src/store/operator-webhook-secrets.js";
import { saveRoleConnectionToken } from "../../../src/store/role-connections.js";
import { queueTokenRevocation } from "../../../src/store/token-revocations.js";
import { createWebhookEndpoint, rotateWebhookSecret } from "../../../src/store/webhook-endpoints.js";
import { testNow } from "../secret-box-fixture.js";

export const oldKey = generateKeySpec("old");
export const newKey = generateKeySpec("new");
export const boxOf = (...keys: string[]): SecretBox => createSecretBox(createKeyRing(keys.join(",")));
export const oldBox = boxOf(oldKey);
export const rotatedBox = boxOf(newKey, oldKey);
export const newOnlyBox = boxOf(newKey);
export const lostBox = boxOf(generateKeySpec("lost"));

export const guildId = "100000000000000001";
export const oauthState = "state-0123456789abcdef0123456789abcdef";
export const oauthStartId = "start-0123456789abcdef0123456789abcdef";
export const browserKey = "browser-0123456789abcdef0123456789abcdef";
export const authorizeUrl = `https://platform.example/oauth/authorize?state=${oauthState}`;

export function linkInput(userId: string, accessToken: string): MemberLinkInput {
  return {
    guildId,
    userId,
    platformUserId: `u-${userId}`,
    platformUsername: `user-${userId}`,
    credentialKind: "oauth",
    credential: { accessToken, refreshToken: `refresh-${accessToken}`, expiresAt: testNow + 3_600_000 },
    now: testNow,
  };
}

/** One secret of every kind, sealed with `box`; returns the webhook endpoint's id. */
export async function storeEveryKindOfSecret(db: Kysely<Database>, box: SecretBox): Promise<string> {
  await saveMemberLink(db, box, linkInput("200000000000000001", "access-oauth"));
  await saveMemberLink(db, box, {
    ...linkInput("200000000000000002", "api-key"),
    credentialKind: "api_key",
    credential: { accessToken: "api-key-personal" },
  });
  // A personal link: no server (docs/architecture.md, "Personal links").
  await saveMemberLink(db, box, { ...linkInput("200000000000000003", "access-dm"), guildId: undefined });
  const endpoint = await createWebhookEndpoint(db, box, {
    guildId,
    secret: "whsec-first",
    eventKinds: ["battle.completed"],
    now: testNow,
  });
  await rotateWebhookSecret(db, box, { id: endpoint.id, newSecret: "whsec-second", now: testNow });
  await recordOperatorWebhookSecret(db, box, { secret: "operator-first", now: testNow });
  await recordOperatorWebhookSecret(db, box, { secret: "operator-second", now: testNow });
  await createOAuthState(db, box, {
    state: oauthState,
    startId: oauthStartId,
    authorizeUrl,
    guildId,
    userId: "200000000000000003",
    codeVerifier: "code-verifier",
    interactionToken: "interaction-token",
    names: { memberName: "Alice", memberUsername: "alice", guildName: "Arena Club" },
    expiresAt: testNow + 600_000,
    now: testNow,
  });
  await bindOAuthStart(db, { startId: oauthStartId, browserKey, now: testNow });
  await saveRoleConnectionToken(db, box, {
    userId: "200000000000000009",
    credential: { accessToken: "discord-access", refreshToken: "discord-refresh", expiresAt: testNow + 1 },
    now: testNow,
  });
  await queueTokenRevocation(db, box, {
    issuer: "platform",
    token: "refresh-to-revoke",
    tokenTypeHint: "refresh_token",
    guildId,
    userId: "200000000000000001",
    cause: "unlinked",
    now: testNow,
  });
  await createLinkedRoleState(db, box, {
    state: "linked-roles-state",
    browserKey: "linked-roles-browser",
    codeVerifier: "linked-roles-verifier",
    expiresAt: testNow + 600_000,
    now: testNow,
  });
  return endpoint.id;
}

export const member = (userId: string) => ({ guildId, userId });
