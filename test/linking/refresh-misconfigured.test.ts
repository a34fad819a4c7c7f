// A refresh refused because of the bot's own OAuth client settings is not the member's fault: the link stays
// active and works again once the settings are right (docs/architecture.md, "Linking"). Runs against the
// platform sandbox over HTTP and a real SQLite database.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPlatformHttp } from "../../src/api/http.js";
import { ManualClock } from "../../src/clock.js";
import { loadConfig } from "../../src/config.js";
import { UserFacingError } from "../../src/discord/user-facing-error.js";
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { getMemberSession } from "../../src/linking/member-credential.js";
import { completeOAuthLink, startOAuthLink } from "../../src/linking/oauth-link.js";
import { createLogger } from "../../src/logger.js";
import { createBotMetrics, type BotMetrics } from "../../src/metrics/bot-metrics.js";
import { createSingleFlight } from "../../src/single-flight.js";
import { createKeyRing, generateKeySpec } from "../../src/secrets/key-ring.js";
import { createSecretBox, type SecretBox } from "../../src/secrets/secret-box.js";
import { createDb, type Store } from "../../src/store/create-db.js";
import { findMemberLink } from "../../src/store/member-links.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { buildSandbox, type Sandbox } from "../../sandbox/sandbox.js";
import { openSignInLink } from "./open-sign-in-link.js";

const member = { guildId: "100000000000000001", userId: "200000000000000002" };
const requester = { ...member, memberName: "Alice", memberUsername: "alice", guildName: "Arena Club" };
const publicUrl = "http://127.0.0.1:3999";
const wrongSecret = "rotated-away-client-secret";

describe("a token refresh refused for the bot's own client credentials", () => {
  let sandbox: Sandbox;
  let store: Store;
  let secretBox: SecretBox;
  let clock: ManualClock;
  let metrics: BotMetrics;

  beforeAll(async () => {
    sandbox = await buildSandbox({
      clock: new ManualClock(Date.UTC(2026, 0, 1)),
      autoApprove: true,
      oauthClient: { redirectUris: [`${publicUrl}/oauth/callback`] },
    });
    await sandbox.listen(0, "127.0.0.1");
  });
  afterAll(async () => {
    await sandbox.close();
  });

  beforeEach(async () => {
    store = await createDb(":memory:");
    await migrateToLatest(store.db);
    secretBox = createSecretBox(createKeyRing(generateKeySpec("k1")));
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    metrics = createBotMetrics(() => Promise.resolve({ pending: 0, oldestPendingAgeSeconds: 0 }), clock);
    return () => store.close();
  });

  /** The bot as configured with `clientSecret`, on the one database, clock and metrics of the test. */
  function botWithClientSecret(clientSecret: string): LinkingDeps {
    const client = sandbox.oauthClient;
    if (client === undefined) throw new Error("the sandbox registered no OAuth client");
    const config = loadConfig(
      {
        PLATFORM_API_URL: `${sandbox.url}/v1`,
        PLATFORM_AUTH_URL: sandbox.url,
        PLATFORM_TOKEN_URL: sandbox.url,
        PLATFORM_CLIENT_ID: client.clientId,
        PLATFORM_CLIENT_SECRET: clientSecret,
        PUBLIC_URL: publicUrl,
      },
      "migrate",
    );
    return {
      config,
      db: store.db,
      secretBox,
      platform: createPlatformHttp({
        baseUrl: config.platform.apiUrl,
        webhooksBaseUrl: config.platform.webhooksApiUrl,
        timeoutMs: 5000,
        clock,
      }),
      clock,
      logger: createLogger({ level: "silent" }),
      refreshes: createSingleFlight(),
      linkingMetrics: {
        refreshFailed: (reason) => {
          metrics.recordRefreshFailure(reason);
        },
      },
    };
  }

  async function linkThroughSandbox(deps: LinkingDeps): Promise<void> {
    const { url } = await startOAuthLink(deps, requester, "interaction-token");
    const opened = await openSignInLink(deps, url);
    // The sandbox approves at once and redirects the browser to the bot's callback with the code.
    const authorize = await fetch(opened.authorizeUrl, { redirect: "manual" });
    expect(authorize.status).toBe(302);
    const callback = new URL(authorize.headers.get("location") ?? "");
    const result = await completeOAuthLink(deps, {
      state: callback.searchParams.get("state") ?? "",
      code: callback.searchParams.get("code") ?? "",
      browserKey: opened.browserKey,
    });
    expect(result.ok).toBe(true);
  }

  it("keeps the link active, tells the member an admin should check the bot, and works once the secret is right", async () => {
    const rightSecret = sandbox.oauthClient?.clientSecret ?? "";
    const right = botWithClientSecret(rightSecret);
    await linkThroughSandbox(right);
    const linked = await findMemberLink(store.db, secretBox, member);
    clock.advance(3600 * 1000);

    const wrong = botWithClientSecret(wrongSecret);
    const failure = await getMemberSession(wrong, member).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UserFacingError);
    const shown = failure as UserFacingError;
    expect(shown.code).toBe("platform_access_misconfigured");
    expect(shown.message).toMatch(/misconfigured/);
    expect(shown.message).toMatch(/admin/);
    expect(shown.message).not.toContain(wrongSecret);
    expect(shown.message).not.toContain("invalid_client");
    expect((await findMemberLink(store.db, secretBox, member))?.status).toBe("active");
    expect(await metrics.registry.getSingleMetricAsString("arena_oauth_refresh_failures_total")).toContain(
      'arena_oauth_refresh_failures_total{reason="invalid_client"} 1',
    );

    // Settings fixed: the same link refreshes with its stored refresh token, no new /link needed.
    const session = await getMemberSession(right, member);
    expect(session.credential.token).not.toBe(linked?.credential.accessToken);
    const me = await fetch(`${sandbox.url}/v1/users/me`, {
      headers: { authorization: `Bearer ${session.credential.token}` },
    });
    expect(me.status).toBe(200);
    expect((await findMemberLink(store.db, secretBox, member))?.status).toBe("active");
  });
});
