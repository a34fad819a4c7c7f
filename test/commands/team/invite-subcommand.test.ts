// /team invite against a platform on 127.0.0.1 that answers the invitation wrapper's `success` (the platform's
// API reference, "Resources › Team and invitation"): the inviter is told someone was invited only when the
// platform says so.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPlatformHttp } from "../../../src/api/http.js";
import { ManualClock } from "../../../src/clock.js";
import type { BotDependencies } from "../../../src/commands/bot-dependencies.js";
import { runTeamInvite } from "../../../src/commands/team/invite-subcommand.js";
import { loadConfig } from "../../../src/config.js";
import { UserFacingError } from "../../../src/discord/user-facing-error.js";
import { linkWithApiKey } from "../../../src/linking/api-key-link.js";
import { noLinkingMetrics } from "../../../src/linking/linking-metrics.js";
import { createLogger } from "../../../src/logger.js";
import { createSingleFlight } from "../../../src/oauth/single-flight.js";
import { createKeyRing, generateKeySpec } from "../../../src/secrets/key-ring.js";
import { createSecretBox } from "../../../src/secrets/secret-box.js";
import { startPlatformFixture, type PlatformFixture } from "../../api/platform-fixture.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";

const member = { guildId: "100000000000000001", userId: "200000000000000002" };
const actor = {
  ...member,
  channelId: "300000000000000003",
  username: "alice",
  displayName: "Alice",
  permissions: 0n,
  locale: "en-US",
};

describe.each(testDatabases().slice(0, 1))("runTeamInvite on $name", (database) => {
  const store = useMigratedStore(database);
  let platform: PlatformFixture;
  let deps: BotDependencies;

  beforeAll(async () => {
    platform = await startPlatformFixture();
  });
  afterAll(() => platform.close());

  beforeEach(async () => {
    platform.reset();
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const linking = {
      config: loadConfig(
        { PLATFORM_API_URL: platform.baseUrl, PUBLIC_URL: "http://127.0.0.1:3999" },
        "migrate",
      ),
      db: store.db,
      secretBox: createSecretBox(createKeyRing(generateKeySpec("k1"))),
      platform: createPlatformHttp({
        baseUrl: platform.baseUrl,
        webhooksBaseUrl: platform.webhooksBaseUrl,
        timeoutMs: 5000,
        clock,
      }),
      clock,
      logger: createLogger({ level: "silent" }),
      refreshes: createSingleFlight(),
      linkingMetrics: noLinkingMetrics,
    };
    await linkWithApiKey(linking, member, "key_write_0123456789");
    // Only what inviting reads: the links, the platform and the member's recorded teams.
    deps = linking as unknown as BotDependencies;
  });

  const invite = () => runTeamInvite(deps, actor, { team: "team_algo", username: "bob" });

  it("tells the inviter the invitation went out when the platform sent it", async () => {
    const { reply } = await invite();
    expect(reply.content).toMatch(/^Invited \*\*bob\*\* to team `team_algo` as member\./);
  });

  it("does not say the invitation went out when the platform answers success: false", async () => {
    platform.queueReplies({
      body: {
        success: false,
        invitation: { id: "inv_1", teamId: "team_algo", status: "pending" },
      },
    });
    const error = await invite().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UserFacingError);
    expect((error as UserFacingError).message).toMatch(/did not confirm/);
  });
});
