// A token refresh while the database cannot write (docs/operations.md, "When SQLite cannot write"): the
// platform takes the stored refresh token back when it answers a refresh, so the bot asks for one only once
// its answer can be stored. Meanwhile a token still valid is used as it is, and one that is not is answered
// with the database's own message; once writes work again the refresh goes through. The fault is real: the
// store's SQLite file at its SQLITE_MAX_SIZE_MB cap, filled by a second connection; the token endpoint is a
// real server on 127.0.0.1.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { describeInteractionError } from "../../src/bot/describe-interaction-error.js";
import { RefreshAwaitsWritesError } from "../../src/linking/link-errors.js";
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { getMemberSession } from "../../src/linking/member-credential.js";
import { createDb, type Store } from "../../src/store/create-db.js";
import { takeLinkRefreshLease } from "../../src/store/link-refresh-leases.js";
import { findMemberLink } from "../../src/store/member-links.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { fillSqliteFile, type Ballast } from "../support/fill-sqlite-file.js";
import { buildLinkingDeps, captureLogs } from "./support/linking-deps.js";
import { linkThroughOAuth } from "./support/oauth-link-flow.js";

const member = { guildId: "100000000000000001", userId: "200000000000000002" };
const capBytes = 2 * 1024 * 1024;
const pageBytes = 4096;
/** The OAuth test server's `expires_in`, in ms. */
const tokenLifetimeMs = 3600 * 1000;

describe("a token refresh while the SQLite file cannot take writes", () => {
  let folder: string;
  let store: Store;
  let oauthServer: OAuthFixture;
  let platform: PlatformFixture;
  let ballast: Ballast | undefined;
  let deps: LinkingDeps;
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const refreshRequests = () =>
    oauthServer.received.filter((request) => request.params?.grant_type === "refresh_token");

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), "arena-refresh-fault-"));
    store = await createDb(`file:${join(folder, "bot.sqlite")}`, { sqliteMaxSizeBytes: capBytes, clock });
    await migrateToLatest(store.db);
    oauthServer = await startOAuthFixture();
    platform = await startPlatformFixture();
    deps = {
      ...buildLinkingDeps({ db: store.db, platform, oauthServer, clock }),
      writeHealth: store.writeHealth,
    };
  });

  afterEach(async () => {
    ballast?.close();
    ballast = undefined;
    await oauthServer.close();
    await platform.close();
    await store.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("uses the token still valid and spends no refresh token, then refreshes once writes work again", async () => {
    const linked = await linkThroughOAuth(deps, oauthServer, member);
    ballast = fillSqliteFile(join(folder, "bot.sqlite"), capBytes / pageBytes);
    // Within a minute of its expiry: a refresh is due, but the database could not store its answer.
    clock.advance(tokenLifetimeMs - 30_000);
    const session = await getMemberSession(deps, member);
    expect(session.credential.token).toBe(linked.accessToken);
    expect(refreshRequests()).toEqual([]);
    expect(store.writeHealth?.current()).toMatchObject({ fault: "disk full" });

    ballast.free();
    const refreshed = await getMemberSession(deps, member);
    expect(refreshRequests()).toHaveLength(1);
    expect(refreshed.credential.token).not.toBe(linked.accessToken);
    const stored = await findMemberLink(deps.db, deps.secretBox, member);
    expect(stored?.credential.accessToken).toBe(refreshed.credential.token);
    expect(stored?.status).toBe("active");
  });

  it("answers with the database's message once the token expired, and keeps the link", async () => {
    const linked = await linkThroughOAuth(deps, oauthServer, member);
    ballast = fillSqliteFile(join(folder, "bot.sqlite"), capBytes / pageBytes);
    clock.advance(tokenLifetimeMs + 1000);
    const error = await getMemberSession(deps, member).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    // Not a UserFacingError, which workers take for a link they cannot use: they retry it, and the member reads
    // the database's message (describe-interaction-error.ts).
    expect(error).toBeInstanceOf(RefreshAwaitsWritesError);
    expect(describeInteractionError(error, clock.now())?.code).toBe("database_unavailable");
    expect(refreshRequests()).toEqual([]);

    ballast.free();
    const session = await getMemberSession(deps, member);
    expect(refreshRequests()).toHaveLength(1);
    expect(session.credential.token).not.toBe(linked.accessToken);
    expect((await findMemberLink(deps.db, deps.secretBox, member))?.status).toBe("active");
  });

  it("does not refresh on a lease taken over after a wait once the database stopped taking writes", async () => {
    const linked = await linkThroughOAuth(deps, oauthServer, member);
    const captured = captureLogs("info");
    const waiting = { ...deps, logger: captured.logger };
    clock.advance(tokenLifetimeMs + 1000);
    // Another instance holds the link's refresh lease, and stops before it is done.
    const held = {
      linkKey: `${member.guildId}:${member.userId}`,
      owner: "gone",
      now: clock.now(),
      leaseMs: 15_000,
    };
    expect(await takeLinkRefreshLease(store.db, held)).toBe(true);
    const session = getMemberSession(waiting, member).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    await vi.waitFor(
      () => {
        expect(captured.lines.some((line) => line.includes("another instance is refreshing"))).toBe(true);
      },
      { timeout: 15_000, interval: 20 },
    );
    ballast = fillSqliteFile(join(folder, "bot.sqlite"), capBytes / pageBytes);
    clock.advance(15_000);

    expect(await session).toBeInstanceOf(RefreshAwaitsWritesError);
    expect(refreshRequests()).toEqual([]);
    expect((await findMemberLink(deps.db, deps.secretBox, member))?.credential.accessToken).toBe(
      linked.accessToken,
    );
  });
});
