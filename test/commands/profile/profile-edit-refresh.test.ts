// `/profile edit` answers with its form, which must reach Discord within 3 s (docs/architecture.md, "The
// 3-second deadline"). Reading the profile is given 2 s, and so is refreshing the member's token before it: a
// token endpoint slower than that opens the form empty rather than leaving the command unanswered. The token
// endpoint is a real server on 127.0.0.1 that holds its answer; the first response is taken as HTTP mode does.
import { REST } from "@discordjs/rest";
import { type APIInteractionResponse, InteractionResponseType } from "discord-api-types/v10";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createPlatformHttp } from "../../../src/api/http.js";
import { ManualClock } from "../../../src/clock.js";
import { openProfileEditor } from "../../../src/commands/profile/profile-edit.js";
import { loadConfig } from "../../../src/config.js";
import type { Actor } from "../../../src/discord/interaction-handlers.js";
import { InteractionResponder } from "../../../src/discord/interaction-responder.js";
import type { LinkingDeps } from "../../../src/linking/linking-deps.js";
import { noLinkingMetrics } from "../../../src/linking/linking-metrics.js";
import { completeOAuthLink, startOAuthLink } from "../../../src/linking/oauth-link.js";
import { createLogger } from "../../../src/logger.js";
import { createSingleFlight } from "../../../src/single-flight.js";
import { createDb, type Store } from "../../../src/store/create-db.js";
import { migrateToLatest } from "../../../src/store/migrate.js";
import { startPlatformFixture, type PlatformFixture } from "../../api/platform-fixture.js";
import { openSignInLink } from "../../linking/open-sign-in-link.js";
import { clientId, clientSecret, startOAuthFixture, type OAuthFixture } from "../../oauth/oauth-fixture.js";
import { createTestSecretBox } from "../../store/secret-box-fixture.js";

const actor: Actor = {
  guildId: "100000000000000001",
  channelId: "300000000000000003",
  userId: "200000000000000002",
  username: "alice",
  displayName: "Alice",
  permissions: 0n,
  locale: "en-US",
};
const redirectUri = "http://127.0.0.1:3999/oauth/callback";

describe("/profile edit while the member's token is being refreshed", () => {
  let oauthServer: OAuthFixture;
  let platform: PlatformFixture;
  let store: Store;
  let clock: ManualClock;
  let deps: LinkingDeps;
  let release: () => void = () => undefined;

  beforeAll(async () => {
    oauthServer = await startOAuthFixture();
    platform = await startPlatformFixture();
  });
  afterAll(async () => {
    await oauthServer.close();
    await platform.close();
  });
  beforeEach(async () => {
    store = await createDb(":memory:");
    await migrateToLatest(store.db);
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    deps = {
      config: loadConfig(
        {
          PLATFORM_API_URL: platform.baseUrl,
          PLATFORM_AUTH_URL: oauthServer.url,
          PLATFORM_TOKEN_URL: oauthServer.url,
          PLATFORM_CLIENT_ID: clientId,
          PLATFORM_CLIENT_SECRET: clientSecret,
          PUBLIC_URL: "http://127.0.0.1:3999",
        },
        "migrate",
      ),
      db: store.db,
      secretBox: createTestSecretBox(),
      platform: createPlatformHttp({
        baseUrl: platform.baseUrl,
        webhooksBaseUrl: platform.webhooksBaseUrl,
        timeoutMs: 10_000,
        clock,
      }),
      clock,
      logger: createLogger({ level: "silent" }),
      refreshes: createSingleFlight(),
      linkingMetrics: noLinkingMetrics,
    };
  });
  afterEach(async () => {
    release();
    await store.close();
  });

  it("opens the form empty within Discord's 3 s when the token endpoint is slow", async () => {
    const requester = { ...actor, memberName: "Alice", memberUsername: "alice", guildName: "Arena Club" };
    const { url } = await startOAuthLink(deps, requester, "interaction-token");
    const opened = await openSignInLink(deps, url);
    oauthServer.issueCode("code-1", opened.codeChallenge, redirectUri);
    const linked = await completeOAuthLink(deps, {
      state: opened.state,
      code: "code-1",
      browserKey: opened.browserKey,
    });
    expect(linked.ok).toBe(true);
    // Within a minute of expiring: the command refreshes the token first.
    clock.advance(3600 * 1000 - 30 * 1000);
    release = oauthServer.holdAnswers();

    const answers: APIInteractionResponse[] = [];
    const responder = new InteractionResponder(
      new REST(),
      { id: "400000000000000004", token: "token", application_id: "500000000000000005" },
      (response) => {
        answers.push(response);
        return Promise.resolve();
      },
    );
    const editing = openProfileEditor(deps, actor, responder);
    editing.catch(() => undefined);
    const [answer] = await vi.waitFor(
      () => {
        expect(answers).toHaveLength(1);
        return answers;
      },
      { timeout: 3_000, interval: 20 },
    );
    expect(answer?.type).toBe(InteractionResponseType.Modal);
    // Empty: nothing of the profile could be read in time.
    expect(JSON.stringify(answer)).not.toContain('"value"');
    release();
    await editing;
  });
});
