// A Linked Roles verification for a member with no link stores their Discord token and starts the platform
// sign-in (docs/architecture.md, "Linked Roles"); when that sign-in expires unfinished, the hourly clean-up
// deletes the token and revokes it at Discord. Time is a ManualClock; Discord's token endpoint is the OAuth
// fixture, which records each revocation; the store is each test database.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { startOAuthLink } from "../../src/linking/oauth-link.js";
import { pruneAbandonedVerifications } from "../../src/linking/prune-abandoned-verifications.js";
import { saveMemberLink } from "../../src/store/member-links.js";
import {
  findRoleConnection,
  recordRoleConnectionAccount,
  saveRoleConnectionToken,
} from "../../src/store/role-connections.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { clientId, clientSecret, startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { buildLinkingDeps } from "./support/linking-deps.js";

const tenMinutes = 10 * 60 * 1000;
const abandoned = "200000000000000001";
const linkedElsewhere = "200000000000000002";
const written = "200000000000000003";
const linkedInServer = "200000000000000004";
const signingInAgain = "200000000000000005";

describe.each(testDatabases())("pruning abandoned Linked Roles verifications on $name", (database) => {
  const store = useMigratedStore(database);
  let discordOAuth: OAuthFixture;
  let platform: PlatformFixture;
  let clock: ManualClock;
  let deps: LinkingDeps;

  beforeEach(async () => {
    discordOAuth = await startOAuthFixture();
    platform = await startPlatformFixture();
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    deps = buildLinkingDeps({ db: store.db, platform, oauthServer: discordOAuth, clock });
  });
  afterEach(async () => {
    await discordOAuth.close();
    await platform.close();
  });

  /** Linked Roles on, with Discord's API at the OAuth fixture. */
  const prune = () =>
    pruneAbandonedVerifications({
      ...deps,
      config: {
        ...deps.config,
        discord: {
          ...deps.config.discord,
          apiUrl: discordOAuth.url,
          linkedRoles: { clientId, clientSecret },
        },
      },
    });

  /** The callback's work for a member with no link: the token stored, then the platform sign-in started. */
  async function verifyWithoutLink(userId: string): Promise<void> {
    await saveRoleConnectionToken(store.db, deps.secretBox, {
      userId,
      credential: { accessToken: `discord-access-${userId}`, refreshToken: `discord-refresh-${userId}` },
      now: clock.now(),
    });
    const requester = {
      guildId: undefined,
      userId,
      memberName: "A",
      memberUsername: "a",
      guildName: undefined,
    };
    await startOAuthLink(deps, requester, undefined, "linked_roles");
  }

  function revokedAtDiscord(): (string | undefined)[] {
    return discordOAuth.received
      .filter((request) => request.path === "/v10/oauth2/token/revoke")
      .map((request) => request.params?.token);
  }

  it("deletes and revokes the token once the sign-in it waited for has expired unfinished", async () => {
    await verifyWithoutLink(abandoned);

    clock.advance(tenMinutes);
    expect(await prune()).toBe(0);
    expect(await findRoleConnection(store.db, deps.secretBox, abandoned)).toBeDefined();

    clock.advance(1);
    expect(await prune()).toBe(1);

    expect(await findRoleConnection(store.db, deps.secretBox, abandoned)).toBeUndefined();
    expect(revokedAtDiscord()).toEqual([`discord-refresh-${abandoned}`]);
  });

  it("keeps the token of a member whose sign-in finished or whose connection was written", async () => {
    await verifyWithoutLink(linkedElsewhere);
    await verifyWithoutLink(written);
    // The sign-in was finished: the personal link it made is there.
    await saveMemberLink(store.db, deps.secretBox, {
      guildId: undefined,
      userId: linkedElsewhere,
      platformUserId: "user_alice",
      platformUsername: "alice",
      credentialKind: "api_key",
      credential: { accessToken: "key_write_0123456789" },
      now: clock.now(),
    });
    await recordRoleConnectionAccount(store.db, {
      userId: written,
      platformUserId: "user_bob",
      platformUsername: "bob",
      now: clock.now(),
    });

    clock.advance(tenMinutes + 1);
    expect(await prune()).toBe(0);

    expect(await findRoleConnection(store.db, deps.secretBox, linkedElsewhere)).toBeDefined();
    expect(await findRoleConnection(store.db, deps.secretBox, written)).toBeDefined();
    expect(revokedAtDiscord()).toEqual([]);
  });

  it("keeps the token of a member with a server link or a Linked Roles sign-in not yet expired", async () => {
    await verifyWithoutLink(abandoned);
    await verifyWithoutLink(linkedInServer);
    await verifyWithoutLink(signingInAgain);
    await saveMemberLink(store.db, deps.secretBox, {
      guildId: "100000000000000001",
      userId: linkedInServer,
      platformUserId: "user_carol",
      platformUsername: "carol",
      credentialKind: "api_key",
      credential: { accessToken: "key_write_9876543210" },
      now: clock.now(),
    });

    clock.advance(tenMinutes + 1);
    // The first sign-in expired; the member started another from the verification, still open.
    const requester = {
      guildId: undefined,
      userId: signingInAgain,
      memberName: "A",
      memberUsername: "a",
      guildName: undefined,
    };
    await startOAuthLink(deps, requester, undefined, "linked_roles");
    expect(await prune()).toBe(1);

    expect(await findRoleConnection(store.db, deps.secretBox, abandoned)).toBeUndefined();
    expect(await findRoleConnection(store.db, deps.secretBox, linkedInServer)).toBeDefined();
    expect(await findRoleConnection(store.db, deps.secretBox, signingInAgain)).toBeDefined();
    expect(revokedAtDiscord()).toEqual([`discord-refresh-${abandoned}`]);
  });
});
