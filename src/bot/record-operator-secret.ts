// At start, before anything listens: PLATFORM_WEBHOOK_SECRET is recorded as the secret the bot runs with, and
// the one it last ran with, if another, is retired and accepted for an hour more (docs/architecture.md,
// "Webhooks in" step 1), so changing the secret loses none of the platform's pending retries.
import type { Clock } from "../clock.js";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import type { SecretBox } from "../secrets/secret-box.js";
import type { Database } from "../store/database.js";
import {
  recordOperatorWebhookSecret,
  type OperatorWebhookSecrets,
} from "../store/operator-webhook-secrets.js";
import { retiredSecretAcceptanceMs } from "../store/webhook-retired-secrets.js";
import { classifyWriteFault } from "../store/write-fault.js";
import type { Kysely } from "kysely";

export interface RecordOperatorSecretDeps {
  readonly db: Kysely<Database>;
  readonly secretBox: SecretBox;
  readonly clock: Clock;
  readonly logger: Pick<Logger, "info" | "warn">;
  readonly config: Pick<Config, "platform">;
}

/** What the operator's route accepts from now on; undefined while PLATFORM_WEBHOOK_SECRET is unset. */
export async function recordOperatorSecretAtStart(
  deps: RecordOperatorSecretDeps,
): Promise<OperatorWebhookSecrets | undefined> {
  const now = deps.clock.now();
  const secret = deps.config.platform.webhookSecret;
  let recorded: Awaited<ReturnType<typeof recordOperatorWebhookSecret>>;
  try {
    recorded = await recordOperatorWebhookSecret(deps.db, deps.secretBox, { secret, now });
  } catch (error) {
    const fault = classifyWriteFault(error);
    if (fault === undefined) throw error;
    // A database that cannot write still lets the bot start (write-health.ts); until it can, the operator's
    // route takes the configured secret alone, and the next start records it.
    deps.logger.warn(
      { fault },
      "PLATFORM_WEBHOOK_SECRET could not be recorded: until a restart only it is accepted, no retired one",
    );
    return secret === undefined ? undefined : { secret, retiredSecrets: [] };
  }
  const { accepted, retiredNow } = recorded;
  if (retiredNow > 0) {
    // Never the secrets themselves: only that one changed, and until when the old one still verifies.
    deps.logger.info(
      { acceptedUntil: new Date(now + retiredSecretAcceptanceMs).toISOString() },
      accepted === undefined
        ? "PLATFORM_WEBHOOK_SECRET is unset: the operator webhook is off"
        : "PLATFORM_WEBHOOK_SECRET changed: deliveries signed with the previous one are accepted for an hour",
    );
  }
  return accepted;
}
