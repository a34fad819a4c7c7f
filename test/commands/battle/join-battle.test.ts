// /battle join (and the card's Join button) against a platform on 127.0.0.1 that answers the join's
// `success` (the platform's API reference, "Resources › Battle", join response): a member is told they joined
// only when the platform says it seated them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPlatformHttp } from "../../../src/api/http.js";
import { ManualClock } from "../../../src/clock.js";
import type { BotDependencies } from "../../../src/commands/bot-dependencies.js";
import { joinAsMember } from "../../../src/commands/battle/join-battle.js";
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
describe.each(testDatabases().slice(0, 1))("joinAsMember on $name", (database) => {
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
    // Only what joining reads: the link, the platform and the card store.
    deps = linking as unknown as BotDependencies;
  });

  it("says the member joined when the platform seated them", async () => {
    const reply = await joinAsMember(deps, actor, "battle_abc123");
    expect(reply.content).toMatch(/^You joined battle `battle_abc123`/);
  });

  it("does not say the member joined when the platform answers success: false", async () => {
    platform.queueReplies({
      body: {
        success: false,
        battle: { id: "battle_abc123", status: "waiting", participants: [] },
      },
    });
    const error = await joinAsMember(deps, actor, "battle_abc123").then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UserFacingError);
    expect((error as UserFacingError).message).toMatch(/did not confirm/);
  });
});
