// One change to a server's platform webhook at a time (docs/architecture.md, "Managing the platform
// webhook"): `/setup webhook register` and `rotate-secret` run under the server's lease
// (src/store/webhook-change-leases.ts), taken before they read the server's endpoints. A second run
// meanwhile, on this instance or another, is told one is running rather than registering a second webhook or
// rotating the secret under the first.
import { randomUUID } from "node:crypto";
import { discordTimestamp } from "../../display/discord-timestamp.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { releaseWebhookChangeLease, takeWebhookChangeLease } from "../../store/webhook-change-leases.js";
import type { BotDependencies } from "../bot-dependencies.js";

/**
 * Longer than a run can take: at most two platform calls (an update in place, then a new webhook), each up
 * to the platform's time-out twice (sent again after a 401 and a refresh), and the database's writes.
 */
export function webhookChangeLeaseMs(platformTimeoutMs: number): number {
  return 6 * platformTimeoutMs + 30_000;
}

/** Runs `change` holding the server's webhook lease; refuses when another run holds it. */
export async function changeWebhookAlone<T>(
  deps: BotDependencies,
  guildId: string,
  change: () => Promise<T>,
): Promise<T> {
  const owner = randomUUID();
  const lease = await takeWebhookChangeLease(deps.db, {
    guildId,
    owner,
    now: deps.clock.now(),
    leaseMs: webhookChangeLeaseMs(deps.config.platform.timeoutMs),
  });
  if (!lease.taken) {
    const since =
      lease.heldSince === undefined ? "" : ` (it started ${discordTimestamp(lease.heldSince, "R")})`;
    throw new UserFacingError(
      "webhook_change_running",
      `Another \`/setup webhook register\` or \`/setup webhook rotate-secret\` for this server is still running${since}. ` +
        "Run this again once it has answered: two at once could register two webhooks or leave the platform " +
        "signing with a secret the bot no longer accepts.",
    );
  }
  try {
    return await change();
  } finally {
    await releaseWebhookChangeLease(deps.db, { guildId, owner }).catch((error: unknown) => {
      // It ends by itself; until then the next run is told this one is still running.
      deps.logger.warn({ err: error, guildId }, "could not give back the server's webhook change lease");
    });
  }
}
