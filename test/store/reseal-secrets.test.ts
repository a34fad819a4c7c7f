// Retiring an encryption key (docs/operations.md, "Rotating and retiring an encryption key"): secrets sealed
// with an old key are sealed again with the first key of the ring, so a ring without the old key still opens
// every one.
import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { createKeyRing, generateKeySpec } from "../../src/secrets/key-ring.js";
import { createSecretBox, SecretDecryptionError, type SecretBox } from "../../src/secrets/secret-box.js";
import type { Database } from "../../src/store/database.js";
import {
  findMemberLink,
  saveMemberLink,
  sealedMemberCredentials,
  updateMemberCredential,
  type MemberLinkInput,
} from "../../src/store/member-links.js";
import { bindOAuthStart, findOAuthStart } from "../../src/store/oauth-starts.js";
import { consumeOAuthState, createOAuthState } from "../../src/store/oauth-states.js";
import { recordOperatorWebhookSecret } from "../../src/store/operator-webhook-secrets.js";
import { resealSecrets } from "../../src/store/reseal-secrets.js";
import { createLinkedRoleState } from "../../src/store/linked-role-states.js";
import { findRoleConnection, saveRoleConnectionToken } from "../../src/store/role-connections.js";
import { resealColumn, resealRow } from "../../src/store/sealed-column.js";
import { claimDueTokenRevocations, queueTokenRevocation } from "../../src/store/token-revocations.js";
import {
  createWebhookEndpoint,
  findWebhookEndpoint,
  rotateWebhookSecret,
} from "../../src/store/webhook-endpoints.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";

const oldKey = generateKeySpec("old");
const newKey = generateKeySpec("new");
const boxOf = (...keys: string[]): SecretBox => createSecretBox(createKeyRing(keys.join(",")));
const oldBox = boxOf(oldKey);
const rotatedBox = boxOf(newKey, oldKey);
const newOnlyBox = boxOf(newKey);
const lostBox = boxOf(generateKeySpec("lost"));

const guildId = "100000000000000001";
const oauthState = "state-0123456789abcdef0123456789abcdef";
const oauthStartId = "start-0123456789abcdef0123456789abcdef";
const browserKey = "browser-0123456789abcdef0123456789abcdef";
const authorizeUrl = `https://platform.example/oauth/authorize?state=${oauthState}`;

function linkInput(userId: string, accessToken: string): MemberLinkInput {
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
async function storeEveryKindOfSecret(db: Kysely<Database>, box: SecretBox): Promise<string> {
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

const member = (userId: string) => ({ guildId, userId });

describe.each(testDatabases())("resealSecrets on $name", (database) => {
  const store = useMigratedStore(database);

  it("seals every secret again with the new key, so a ring without the old key opens them all", async () => {
    const endpointId = await storeEveryKindOfSecret(store.db, oldBox);
    await expect(findMemberLink(store.db, newOnlyBox, member("200000000000000001"))).rejects.toThrow(
      SecretDecryptionError,
    );

    const report = await resealSecrets({ db: store.db, secretBox: rotatedBox });

    expect(report).toEqual({
      member_links: { resealed: 2, alreadyCurrent: 0, unreadable: 0 },
      personal_links: { resealed: 1, alreadyCurrent: 0, unreadable: 0 },
      webhook_endpoints: { resealed: 1, alreadyCurrent: 0, unreadable: 0 },
      webhook_retired_secrets: { resealed: 1, alreadyCurrent: 0, unreadable: 0 },
      operator_webhook_secrets: { resealed: 2, alreadyCurrent: 0, unreadable: 0 },
      oauth_states: { resealed: 3, alreadyCurrent: 0, unreadable: 0 },
      linked_role_states: { resealed: 1, alreadyCurrent: 0, unreadable: 0 },
      role_connections: { resealed: 1, alreadyCurrent: 0, unreadable: 0 },
      token_revocations: { resealed: 1, alreadyCurrent: 0, unreadable: 0 },
    });
    const revocations = await claimDueTokenRevocations(store.db, newOnlyBox, {
      owner: "test",
      now: testNow,
      leaseMs: 60_000,
      limit: 10,
    });
    expect(revocations.map((row) => row.token?.token)).toEqual(["refresh-to-revoke"]);
    const connection = await findRoleConnection(store.db, newOnlyBox, "200000000000000009");
    expect(connection?.credential.refreshToken).toBe("discord-refresh");
    const personal = await findMemberLink(store.db, newOnlyBox, {
      guildId: undefined,
      userId: "200000000000000003",
    });
    expect(personal?.credential.accessToken).toBe("access-dm");
    const oauthLink = await findMemberLink(store.db, newOnlyBox, member("200000000000000001"));
    expect(oauthLink?.credential).toEqual(linkInput("", "access-oauth").credential);
    const apiKeyLink = await findMemberLink(store.db, newOnlyBox, member("200000000000000002"));
    expect(apiKeyLink?.credential).toEqual({ accessToken: "api-key-personal" });
    const endpoint = await findWebhookEndpoint(store.db, newOnlyBox, endpointId, testNow);
    expect(endpoint?.secret).toBe("whsec-second");
    expect(endpoint?.retiredSecrets.map((retired) => retired.secret)).toEqual(["whsec-first"]);
    const operator = await recordOperatorWebhookSecret(store.db, newOnlyBox, {
      secret: "operator-second",
      now: testNow,
    });
    expect(operator).toEqual({
      accepted: {
        secret: "operator-second",
        retiredSecrets: [{ secret: "operator-first", retiredAt: testNow }],
      },
      retiredNow: 0,
    });
    const start = await findOAuthStart(store.db, newOnlyBox, {
      startId: oauthStartId,
      browserKey,
      now: testNow,
    });
    expect(start).toMatchObject({ ok: true, authorizeUrl, boundTo: "this_browser" });
    const consumed = await consumeOAuthState(store.db, newOnlyBox, {
      state: oauthState,
      browserKey,
      now: testNow,
    });
    expect(consumed).toEqual({
      ok: true,
      grant: {
        guildId,
        userId: "200000000000000003",
        origin: "link",
        codeVerifier: "code-verifier",
        interactionToken: "interaction-token",
        names: { memberName: "Alice", memberUsername: "alice", guildName: "Arena Club" },
      },
    });
  });

  it("finds everything current on a second run, and writes nothing", async () => {
    await storeEveryKindOfSecret(store.db, oldBox);
    await resealSecrets({ db: store.db, secretBox: rotatedBox });
    const before = await store.db.selectFrom("member_links").select("credential").orderBy("id").execute();

    const again = await resealSecrets({ db: store.db, secretBox: rotatedBox });

    expect(again).toEqual({
      member_links: { resealed: 0, alreadyCurrent: 2, unreadable: 0 },
      personal_links: { resealed: 0, alreadyCurrent: 1, unreadable: 0 },
      webhook_endpoints: { resealed: 0, alreadyCurrent: 1, unreadable: 0 },
      webhook_retired_secrets: { resealed: 0, alreadyCurrent: 1, unreadable: 0 },
      operator_webhook_secrets: { resealed: 0, alreadyCurrent: 2, unreadable: 0 },
      oauth_states: { resealed: 0, alreadyCurrent: 3, unreadable: 0 },
      linked_role_states: { resealed: 0, alreadyCurrent: 1, unreadable: 0 },
      role_connections: { resealed: 0, alreadyCurrent: 1, unreadable: 0 },
      token_revocations: { resealed: 0, alreadyCurrent: 1, unreadable: 0 },
    });
    const after = await store.db.selectFrom("member_links").select("credential").orderBy("id").execute();
    expect(after).toEqual(before);
  });

  it("skips the authorize URL a pending sign-in made before start links does not have", async () => {
    await storeEveryKindOfSecret(store.db, oldBox);
    await sql`update oauth_states set authorize_url = null`.execute(store.db);

    const report = await resealSecrets({ db: store.db, secretBox: rotatedBox });

    expect(report.oauth_states).toEqual({ resealed: 2, alreadyCurrent: 0, unreadable: 0 });
    const rows = await store.db.selectFrom("oauth_states").select("authorize_url").execute();
    expect(rows).toEqual([{ authorize_url: null }]);
  });

  it("counts a secret no key of the ring opens and leaves it as it is", async () => {
    await saveMemberLink(store.db, lostBox, linkInput("200000000000000001", "sealed-with-a-lost-key"));
    await saveMemberLink(store.db, oldBox, linkInput("200000000000000002", "sealed-with-the-old-key"));
    const lostRow = () =>
      store.db
        .selectFrom("member_links")
        .select("credential")
        .where("user_id", "=", "200000000000000001")
        .executeTakeFirstOrThrow();
    const storedBefore = await lostRow();

    const report = await resealSecrets({ db: store.db, secretBox: rotatedBox });

    expect(report.member_links).toEqual({ resealed: 1, alreadyCurrent: 0, unreadable: 1 });
    expect(await lostRow()).toEqual(storedBefore);
    const readable = await findMemberLink(store.db, newOnlyBox, member("200000000000000002"));
    expect(readable?.credential.accessToken).toBe("sealed-with-the-old-key");
  });

  it("walks a table in batches, past the values it cannot open", async () => {
    const userIds = ["1", "2", "3", "4", "5", "6", "7"].map((digit) => `20000000000000000${digit}`);
    for (const [index, userId] of userIds.entries()) {
      await saveMemberLink(store.db, index === 2 ? lostBox : oldBox, linkInput(userId, `access-${index}`));
    }

    const counts = await resealColumn(store.db, rotatedBox, sealedMemberCredentials, { batchSize: 2 });

    expect(counts).toEqual({ resealed: 6, alreadyCurrent: 0, unreadable: 1 });
    const stored = await store.db.selectFrom("member_links").select("credential").execute();
    expect(stored.filter((row) => row.credential.startsWith("v1.new.")).length).toBe(6);
  });

  it("keeps a credential stored after the row was read, instead of sealing the older one again", async () => {
    await saveMemberLink(store.db, oldBox, linkInput("200000000000000001", "access-before-refresh"));
    const read = await store.db.selectFrom("member_links").selectAll().executeTakeFirstOrThrow();
    const refreshed = { accessToken: "access-after-refresh", refreshToken: "refresh-after" };
    await updateMemberCredential(store.db, rotatedBox, {
      ...member("200000000000000001"),
      credentialVersion: read.credential,
      credential: refreshed,
      now: testNow + 1,
    });

    const outcome = await resealRow(store.db, rotatedBox, sealedMemberCredentials, read);

    expect(outcome).toBe("alreadyCurrent");
    const link = await findMemberLink(store.db, newOnlyBox, member("200000000000000001"));
    expect(link?.credential).toEqual(refreshed);
  });

  it("seals the newer credential when an instance still on the old key stored it after the row was read", async () => {
    await saveMemberLink(store.db, oldBox, linkInput("200000000000000001", "access-before-refresh"));
    const read = await store.db.selectFrom("member_links").selectAll().executeTakeFirstOrThrow();
    const refreshed = { accessToken: "access-after-refresh" };
    await updateMemberCredential(store.db, oldBox, {
      ...member("200000000000000001"),
      credentialVersion: read.credential,
      credential: refreshed,
      now: testNow + 1,
    });

    const outcome = await resealRow(store.db, rotatedBox, sealedMemberCredentials, read);

    expect(outcome).toBe("resealed");
    const link = await findMemberLink(store.db, newOnlyBox, member("200000000000000001"));
    expect(link?.credential).toEqual(refreshed);
  });

  it("stops between batches once its signal is aborted", async () => {
    await storeEveryKindOfSecret(store.db, oldBox);
    const stopped = new AbortController();
    stopped.abort();

    await expect(
      resealSecrets({ db: store.db, secretBox: rotatedBox }, { signal: stopped.signal }),
    ).rejects.toThrow();

    const stored = await store.db.selectFrom("member_links").select("credential").execute();
    expect(stored.every((row) => row.credential.startsWith("v1.old."))).toBe(true);
  });
});
