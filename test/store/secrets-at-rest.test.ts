// docs/architecture.md, "Testing": no plaintext secret in the database file. The raw bytes of the SQLite file
// and its WAL are searched for every secret the store holds; the username, which is not secret, proves the
// search works.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "../../src/store/create-db.js";
import { saveMemberLink } from "../../src/store/member-links.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { bindOAuthStart } from "../../src/store/oauth-starts.js";
import { createOAuthState } from "../../src/store/oauth-states.js";
import { createLinkedRoleState } from "../../src/store/linked-role-states.js";
import { saveRoleConnectionToken } from "../../src/store/role-connections.js";
import { recordOperatorWebhookSecret } from "../../src/store/operator-webhook-secrets.js";
import { createWebhookEndpoint, rotateWebhookSecret } from "../../src/store/webhook-endpoints.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const box = createTestSecretBox();
const secrets = {
  accessToken: "ACCESS-TOKEN-7f3a9c-recognisable",
  refreshToken: "REFRESH-TOKEN-41b2e8-recognisable",
  apiKey: "API-KEY-PERSONAL-0d9e77-recognisable",
  endpointSecret: "WEBHOOK-SECRET-a51c04-recognisable",
  rotatedSecret: "WEBHOOK-SECRET-NEW-93ab12-recognisable",
  oauthState: "OAUTH-STATE-88e0f1-recognisable",
  codeVerifier: "CODE-VERIFIER-5c6d7e-recognisable",
  interactionToken: "INTERACTION-TOKEN-2f4e6a-recognisable",
  operatorSecret: "OPERATOR-SECRET-7c1d90-recognisable",
  replacedOperatorSecret: "OPERATOR-SECRET-NEW-b3e5f7-recognisable",
  oauthStartId: "OAUTH-START-ID-3b9a0c-recognisable",
  authorizeUrl: "https://platform.example/oauth/authorize?state=AUTHORIZE-URL-71d5e2-recognisable",
  browserKey: "BROWSER-KEY-c40f19-recognisable",
  discordAccessToken: "DISCORD-ACCESS-TOKEN-6a2b8d-recognisable",
  discordRefreshToken: "DISCORD-REFRESH-TOKEN-9e4c1f-recognisable",
  linkedRolesState: "LINKED-ROLES-STATE-d7f0a3-recognisable",
  linkedRolesVerifier: "LINKED-ROLES-VERIFIER-1c8e5b-recognisable",
  linkedRolesBrowserKey: "LINKED-ROLES-BROWSER-KEY-4b9d2e-recognisable",
};
const visibleUsername = "VISIBLE-USERNAME-e1e2e3";

type Db = Awaited<ReturnType<typeof createDb>>["db"];

async function storeEverySecret(db: Db): Promise<void> {
  const member = { guildId: "100000000000000001", platformUsername: visibleUsername, now: testNow };
  await saveMemberLink(db, box, {
    ...member,
    userId: "200000000000000001",
    platformUserId: "u-1",
    credentialKind: "oauth",
    credential: {
      accessToken: secrets.accessToken,
      refreshToken: secrets.refreshToken,
      expiresAt: testNow + 1,
    },
  });
  await saveMemberLink(db, box, {
    ...member,
    userId: "200000000000000002",
    platformUserId: "u-2",
    credentialKind: "api_key",
    credential: { accessToken: secrets.apiKey },
  });
  const endpoint = await createWebhookEndpoint(db, box, {
    guildId: member.guildId,
    secret: secrets.endpointSecret,
    eventKinds: ["battle.completed"],
    now: testNow,
  });
  await rotateWebhookSecret(db, box, {
    id: endpoint.id,
    newSecret: secrets.rotatedSecret,
    now: testNow,
  });
  await recordOperatorWebhookSecret(db, box, { secret: secrets.operatorSecret, now: testNow });
  await recordOperatorWebhookSecret(db, box, { secret: secrets.replacedOperatorSecret, now: testNow });
  await createOAuthState(db, box, {
    state: secrets.oauthState,
    startId: secrets.oauthStartId,
    authorizeUrl: secrets.authorizeUrl,
    guildId: member.guildId,
    userId: "200000000000000003",
    names: { memberName: "Alice", memberUsername: "alice", guildName: "Arena Club" },
    codeVerifier: secrets.codeVerifier,
    interactionToken: secrets.interactionToken,
    expiresAt: testNow + 600_000,
    now: testNow,
  });
  await bindOAuthStart(db, { startId: secrets.oauthStartId, browserKey: secrets.browserKey, now: testNow });
  await saveRoleConnectionToken(db, box, {
    userId: "200000000000000004",
    credential: {
      accessToken: secrets.discordAccessToken,
      refreshToken: secrets.discordRefreshToken,
      expiresAt: testNow + 1,
    },
    now: testNow,
  });
  await createLinkedRoleState(db, box, {
    state: secrets.linkedRolesState,
    browserKey: secrets.linkedRolesBrowserKey,
    codeVerifier: secrets.linkedRolesVerifier,
    expiresAt: testNow + 600_000,
    now: testNow,
  });
}

function findPlaintexts(bytes: Buffer): string[] {
  return Object.values(secrets).filter((secret) => bytes.includes(secret));
}

describe("secrets in a SQLite file", () => {
  let folder: string | undefined;
  afterEach(() => {
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  });

  it("appear in neither the database file nor its WAL, before or after closing", async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), "secrets-at-rest-"));
    const file = path.join(folder, "bot.sqlite");
    const store = await createDb(`file:${file}`);
    await migrateToLatest(store.db);
    await storeEverySecret(store.db);

    const readFiles = () =>
      Buffer.concat(
        [file, `${file}-wal`].filter((name) => existsSync(name)).map((name) => readFileSync(name)),
      );
    const whileOpen = readFiles();
    expect(existsSync(`${file}-wal`)).toBe(true);
    expect(whileOpen.includes(visibleUsername)).toBe(true);
    expect(findPlaintexts(whileOpen)).toEqual([]);

    await store.close();
    const afterClose = readFiles();
    expect(afterClose.includes(visibleUsername)).toBe(true);
    expect(findPlaintexts(afterClose)).toEqual([]);
  });
});

describe.each(testDatabases())("secrets in rows on $name", (database) => {
  const store = useMigratedStore(database);

  it("are stored only sealed", async () => {
    await storeEverySecret(store.db);
    const rows = await Promise.all([
      store.db.selectFrom("member_links").selectAll().execute(),
      store.db.selectFrom("webhook_endpoints").selectAll().execute(),
      store.db.selectFrom("webhook_retired_secrets").selectAll().execute(),
      store.db.selectFrom("oauth_states").selectAll().execute(),
      store.db.selectFrom("operator_webhook_secrets").selectAll().execute(),
      store.db.selectFrom("role_connections").selectAll().execute(),
      store.db.selectFrom("linked_role_states").selectAll().execute(),
    ]);
    const text = Buffer.from(JSON.stringify(rows));
    expect(text.includes(visibleUsername)).toBe(true);
    expect(findPlaintexts(text)).toEqual([]);
  });
});
