// Retiring an encryption key (docs/operations.md, "Rotating and retiring an encryption key"): secrets sealed
// with an old key are sealed again with the first key of the ring, so a ring without the old key still opens
// every one. The rows of one table, read and sealed again one by one, are in reseal-rows.test.ts.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { SecretDecryptionError } from "../../src/secrets/secret-box.js";
import { findMemberLink } from "../../src/store/member-links.js";
import { findOAuthStart } from "../../src/store/oauth-starts.js";
import { consumeOAuthState } from "../../src/store/oauth-states.js";
import { recordOperatorWebhookSecret } from "../../src/store/operator-webhook-secrets.js";
import { resealSecrets } from "../../src/store/reseal-secrets.js";
import { findRoleConnection } from "../../src/store/role-connections.js";
import { claimDueTokenRevocations } from "../../src/store/token-revocations.js";
import { findWebhookEndpoint } from "../../src/store/webhook-endpoints.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";
import {
  authorizeUrl,
  browserKey,
  guildId,
  linkInput,
  member,
  newOnlyBox,
  oauthStartId,
  oauthState,
  oldBox,
  rotatedBox,
  storeEveryKindOfSecret,
} from "./support/reseal-fixtures.js";

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
