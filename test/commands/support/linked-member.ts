// A command run by one member linked with an API key to a platform on 127.0.0.1 (test/api/platform-fixture.ts),
// for tests of what a command answers to what the platform says.
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createPlatformHttp } from "../../../src/api/http.js";
import { ManualClock } from "../../../src/clock.js";
import type { BotDependencies } from "../../../src/commands/bot-dependencies.js";
import { loadConfig } from "../../../src/config.js";
import { linkWithApiKey } from "../../../src/linking/api-key-link.js";
import { noLinkingMetrics } from "../../../src/linking/linking-metrics.js";
import { createLogger } from "../../../src/logger.js";
import { createSingleFlight } from "../../../src/single-flight.js";
import { createKeyRing, generateKeySpec } from "../../../src/secrets/key-ring.js";
import { createSecretBox } from "../../../src/secrets/secret-box.js";
import type { Database } from "../../../src/store/database.js";
import { startPlatformFixture, type PlatformFixture } from "../../api/platform-fixture.js";

export const member = { guildId: "100000000000000001", userId: "200000000000000002" };
export const actor = {
  ...member,
  channelId: "300000000000000003",
  username: "alice",
  displayName: "Alice",
  permissions: 0n,
  locale: "en-US",
};

export interface LinkedMember {
  /** Started once for the file; reset before each test. */
  readonly platform: PlatformFixture;
  /**
   * Only the linking part of the bot's dependencies (the link, the platform, the database): what a command
   * reads to act as the member. A test passes it where a command takes them all.
   */
  readonly deps: BotDependencies;
  /** The clock `deps` keep time by, made before each test. */
  readonly clock: ManualClock;
}

export function useLinkedMember(store: { readonly db: Kysely<Database> }): LinkedMember {
  const linked = {} as { platform: PlatformFixture; deps: BotDependencies; clock: ManualClock };
  beforeAll(async () => {
    linked.platform = await startPlatformFixture();
  });
  afterAll(() => linked.platform.close());
  beforeEach(async () => {
    const { platform } = linked;
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
    linked.deps = linking as unknown as BotDependencies;
    linked.clock = clock;
  });
  return linked;
}
