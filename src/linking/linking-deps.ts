import type { Kysely } from "kysely";
import type { PlatformHttp } from "../api/http.js";
import type { Clock } from "../clock.js";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import type { TokenEndpointOptions } from "../oauth/token-endpoint.js";
import type { LinkingMetrics } from "./linking-metrics.js";
import type { SingleFlight } from "../single-flight.js";
import type { SecretBox } from "../secrets/secret-box.js";
import type { Database } from "../store/database.js";
import type { WriteHealth } from "../store/write-health.js";

/** What account linking needs; a slice of the bot's dependencies. */
export interface LinkingDeps {
  readonly config: Pick<Config, "platform" | "http" | "nodeEnv" | "discord" | "outbox">;
  readonly db: Kysely<Database>;
  readonly secretBox: SecretBox;
  readonly platform: PlatformHttp;
  readonly clock: Clock;
  readonly logger: Logger;
  /** One refresh at a time per link (docs/architecture.md, "Linking"). */
  readonly refreshes: SingleFlight;
  /** Counts refreshes that failed on the bot's side, for the operator. */
  readonly linkingMetrics: LinkingMetrics;
  /**
   * Whether the database takes writes (src/store/write-health.ts): a refresh spends the stored refresh token,
   * so it is asked for only once its answer can be stored. Absent in tests that need none.
   */
  readonly writeHealth?: Pick<WriteHealth, "probe" | "current"> | undefined;
  /** Tier roles were queued (a link, an unlink): the role worker starts on them at once. */
  readonly wakeRoleWorker?: (() => void) | undefined;
  /** A Linked Roles connection was queued (an unlink): the role connection worker writes it at once. */
  readonly wakeRoleConnectionWorker?: (() => void) | undefined;
}

/** OAuth authorizations live 10 minutes (docs/architecture.md, "Linking"). */
export const oauthStateLifetimeMs = 10 * 60 * 1000;

/** The redirect URI registered with the platform: exactly `PUBLIC_URL/oauth/callback`. */
export function oauthRedirectUri(publicUrl: string): string {
  return `${publicUrl}/oauth/callback`;
}

/** The sign-in link `/link` gives: the bot's own start URL, which binds the browser and redirects onwards. */
export function oauthStartUrl(publicUrl: string, startId: string): string {
  return `${publicUrl}/oauth/start/${startId}`;
}

/** An access token this close to expiry is refreshed before use. */
export const refreshMarginMs = 60 * 1000;

/** The platform's token endpoint as the bot's OAuth client reaches it: code exchange, refresh, revocation. */
export function platformTokenEndpoint(
  platform: Pick<Config["platform"], "timeoutMs"> & {
    readonly oauth: NonNullable<Config["platform"]["oauth"]>;
  },
): TokenEndpointOptions {
  const { oauth } = platform;
  return {
    tokenUrl: oauth.tokenUrl,
    clientId: oauth.clientId,
    clientSecret: oauth.clientSecret,
    format: oauth.tokenRequestFormat,
    timeoutMs: platform.timeoutMs,
  };
}
