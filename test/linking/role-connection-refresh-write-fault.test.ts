// A member's Discord token for Linked Roles while the database cannot write (docs/operations.md, "When SQLite
// cannot write"): Discord takes the stored refresh token back when it answers a refresh, so the bot asks for
// one only once its answer can be stored, as for a platform link. Meanwhile a token still valid is used as it
// is, and one already spent waits; once writes work again the refresh goes through. The fault is real: the
// store's SQLite file at its SQLITE_MAX_SIZE_MB cap, filled by a second connection; Discord is the fake on
// 127.0.0.1.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, grantUserToken, type FakeDiscord } from "../../fake-discord/index.js";
import { ManualClock } from "../../src/clock.js";
import { RefreshAwaitsWritesError } from "../../src/linking/link-errors.js";
import type { LinkedRolesSettings } from "../../src/linking/linked-roles-settings.js";
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { readRoleConnectionToken } from "../../src/linking/role-connection-token.js";
import { createDb, type Store } from "../../src/store/create-db.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { saveRoleConnectionToken } from "../../src/store/role-connections.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { fillSqliteFile, type Ballast } from "../support/fill-sqlite-file.js";
import { buildLinkingDeps } from "./support/linking-deps.js";

const capBytes = 2 * 1024 * 1024;
const pageBytes = 4096;
const tokenRoute = "POST /oauth2/token";

describe("a Linked Roles token refresh while the SQLite file cannot take writes", () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  let folder: string;
  let store: Store;
  let fake: FakeDiscord;
  let oauthServer: OAuthFixture;
  let platform: PlatformFixture;
  let ballast: Ballast | undefined;
  let deps: LinkingDeps;
  let settings: LinkedRolesSettings;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), "arena-connection-refresh-fault-"));
    store = await createDb(`file:${join(folder, "bot.sqlite")}`, { sqliteMaxSizeBytes: capBytes, clock });
    await migrateToLatest(store.db);
    fake = await createFakeDiscord({ clock });
    oauthServer = await startOAuthFixture();
    platform = await startPlatformFixture();
    deps = {
      ...buildLinkingDeps({ db: store.db, platform, oauthServer, clock }),
      writeHealth: store.writeHealth,
    };
    settings = {
      clientId: fake.oauth2.clientId,
      clientSecret: fake.oauth2.clientSecret,
      discordApiUrl: fake.apiUrl,
    };
  });

  afterEach(async () => {
    ballast?.close();
    ballast = undefined;
    await fake.close();
    await oauthServer.close();
    await platform.close();
    await store.close();
    await rm(folder, { recursive: true, force: true });
  });

  /** A verified member: their Discord token as the callback stored it. */
  async function verified(): Promise<{ userId: string; accessToken: string; expiresAt: number }> {
    const userId = fake.createMember(fake.createGuild({ name: "Arena" }).id, { username: "vera" }).id;
    const token = await grantUserToken(fake, userId, ["identify", "role_connections.write"]);
    const expiresAt = clock.now() + token.expires_in * 1000;
    await saveRoleConnectionToken(store.db, deps.secretBox, {
      userId,
      credential: {
        accessToken: token.access_token,
        refreshToken: token.refresh_token,
        expiresAt,
        scopes: token.scope.split(" "),
      },
      now: clock.now(),
    });
    return { userId, accessToken: token.access_token, expiresAt };
  }

  const tokenRequests = () => fake.stats.requestsByRoute.get(tokenRoute) ?? 0;

  it("uses the token still valid and spends no refresh token, then refreshes once writes work again", async () => {
    const member = await verified();
    const asked = tokenRequests();
    ballast = fillSqliteFile(join(folder, "bot.sqlite"), capBytes / pageBytes);
    // Within a minute of its expiry: a refresh is due, but the database could not store its answer.
    clock.set(member.expiresAt - 30_000);
    const held = await readRoleConnectionToken(deps, settings, member.userId);
    expect(held).toMatchObject({ ok: true, connection: { credential: { accessToken: member.accessToken } } });
    expect(tokenRequests()).toBe(asked);

    // Spent meanwhile: nothing to use, and still no refresh while the file is full.
    clock.set(member.expiresAt + 1);
    await expect(readRoleConnectionToken(deps, settings, member.userId)).rejects.toBeInstanceOf(
      RefreshAwaitsWritesError,
    );
    expect(tokenRequests()).toBe(asked);

    ballast.free();
    const refreshed = await readRoleConnectionToken(deps, settings, member.userId);
    expect(tokenRequests()).toBe(asked + 1);
    expect(refreshed.ok && refreshed.connection.credential.accessToken).not.toBe(member.accessToken);
    expect(refreshed).toMatchObject({ ok: true, connection: { status: "active" } });
  });
});
