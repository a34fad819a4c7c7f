// The linking tests' dependencies: settings with the platform's OAuth at the OAuth fixture, the platform API at
// the platform fixture, a sealing key ring, and a logger that is silent or keeps its lines for a test to read.
import { Writable } from "node:stream";
import type { Kysely } from "kysely";
import { createPlatformHttp } from "../../../src/api/http.js";
import type { ManualClock } from "../../../src/clock.js";
import { loadConfig } from "../../../src/config.js";
import type { LinkingDeps } from "../../../src/linking/linking-deps.js";
import { noLinkingMetrics } from "../../../src/linking/linking-metrics.js";
import { createLogger, type Logger } from "../../../src/logger.js";
import { createSingleFlight } from "../../../src/single-flight.js";
import { createKeyRing, generateKeySpec } from "../../../src/secrets/key-ring.js";
import { createSecretBox } from "../../../src/secrets/secret-box.js";
import type { Database } from "../../../src/store/database.js";
import type { PlatformFixture } from "../../api/platform-fixture.js";
import { clientId, clientSecret, type OAuthFixture } from "../../oauth/oauth-fixture.js";

export interface LinkingWorld {
  readonly db: Kysely<Database>;
  readonly platform: PlatformFixture;
  readonly oauthServer: OAuthFixture;
  readonly clock: ManualClock;
  /** Silent unless given (see captureLogs). */
  readonly logger?: Logger;
  /** The key ring's spec; one fresh key unless given (a test of key rotation gives two). */
  readonly keySpec?: string;
  /** Whether the platform client logs through `logger` too (its 401 renewals do). */
  readonly platformLogs?: boolean;
}

export function buildLinkingDeps(world: LinkingWorld): LinkingDeps {
  const { platform, oauthServer, clock } = world;
  const logger = world.logger ?? createLogger({ level: "silent" });
  const config = loadConfig(
    {
      PLATFORM_API_URL: platform.baseUrl,
      PLATFORM_AUTH_URL: oauthServer.url,
      PLATFORM_TOKEN_URL: oauthServer.url,
      PLATFORM_CLIENT_ID: clientId,
      PLATFORM_CLIENT_SECRET: clientSecret,
      PUBLIC_URL: "http://127.0.0.1:3999",
    },
    "migrate",
  );
  return {
    config,
    db: world.db,
    secretBox: createSecretBox(createKeyRing(world.keySpec ?? generateKeySpec("k1"))),
    platform: createPlatformHttp({
      baseUrl: platform.baseUrl,
      webhooksBaseUrl: platform.webhooksBaseUrl,
      timeoutMs: 5000,
      clock,
      ...(world.platformLogs === true ? { logger } : {}),
    }),
    clock,
    logger,
    refreshes: createSingleFlight(),
    linkingMetrics: noLinkingMetrics,
  };
}

/** A logger at `level` whose lines (JSON text) are kept in `lines`, for a test to look for a leaked secret. */
export function captureLogs(level: "debug" | "info"): { readonly logger: Logger; readonly lines: string[] } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  return { logger: createLogger({ level }, destination), lines };
}
