import type { Logger } from "./logger.js";
import type { CoreDeps } from "./core/deps.js";
import type { SlidingWindowLimiter } from "./http/rate-limit.js";
import type { OAuthSettings } from "./oauth/settings.js";
import type { Shape } from "./state.js";
import type { WebhookDispatcher } from "./webhooks/dispatcher.js";

/** Everything the HTTP layer needs, built once by buildSandbox and passed to every route. */
export interface SandboxDeps extends CoreDeps {
  dispatcher: WebhookDispatcher;
  limiter: SlidingWindowLimiter;
  logger: Logger;
  defaultShape: Shape;
  oauth: OAuthSettings;
  /** Runs due work (battle deadlines, tournaments, retries) for the current sandbox time. */
  tick: () => void;
}
