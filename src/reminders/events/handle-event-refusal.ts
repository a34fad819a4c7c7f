// What a failed sync of a tournament's event does (docs/architecture.md, "Tournament events"), read with the
// outbox's classification and backoff (docs/architecture.md, "Posting"): a missing permission pauses the
// server's events and tells its admins once which permission to grant; a full server waits for the next read;
// anything Discord may answer differently later is retried with backoff. A deletion left after `/setup events
// off` has no admins to tell and no `/setup events on` to resume it: it is retried slowly, then given up.
import { DiscordAPIError } from "@discordjs/rest";
import { RESTJSONErrorCodes } from "discord-api-types/v10";
import { classifyFailure, type DeliveryFailure } from "../../outbox/classify-failure.js";
import {
  computeRetryDelay,
  defaultRetryPolicy,
  hasExhaustedRetries,
  type RetryPolicy,
} from "../../outbox/retry-policy.js";
import { tellAdmins } from "../../outbox/tell-admins.js";
import {
  findTournamentEventSettings,
  recordEventPermissionProblem,
} from "../../store/tournament-event-settings.js";
import { dropGivenUpDeletion } from "../../store/tournament-event-deletions.js";
import type { TournamentEvent } from "../../store/tournament-events.js";
import { recordEventSyncFailed } from "../../store/tournament-event-lease.js";
import type { EventSyncOutcome } from "./sync-tournament-event.js";
import type { TournamentEventDeps } from "./tournament-event-deps.js";

/**
 * A deletion left after `/setup events off`: slow enough for an admin to grant the permission back, as the off
 * answer asks, and bounded, since no one is told and nothing else would ever stop it. Waits of up to 1 min,
 * doubling to an hour: given up at the 30th failure, about half a day after the first on average, a day at most.
 */
export const leftoverDeletionRetryPolicy: RetryPolicy = {
  baseDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 30,
};

/** What the sync was doing: creating takes Create Events, changing the bot's own event either permission. */
export type EventStep = "read" | "create" | "manage";

export async function handleEventRefusal(
  deps: TournamentEventDeps,
  event: TournamentEvent,
  step: EventStep,
  error: unknown,
): Promise<EventSyncOutcome> {
  const now = deps.clock.now();
  const failure = classifyFailure(error, "post");
  const log = { guildId: event.guildId, tournamentId: event.tournamentId, step, detail: failure.detail };
  if (event.wantedStatus === "deleted" && (await areEventsOff(deps, event.guildId))) {
    return retryLeftoverDeletion(deps, event, failure, log);
  }
  if (failure.kind === "no-access") {
    const permission = step === "create" ? "Create Events" : "Manage Events";
    await recordEventSyncFailed(deps.db, event, { retryAt: null });
    const told = await recordEventPermissionProblem(deps.db, { guildId: event.guildId, permission, now });
    if (told) await tellAdminsEventsPaused(deps, event.guildId, permission);
    deps.logger.warn(log, "tournament events paused: a permission is missing");
    return "paused";
  }
  if (failure.kind === "rejected") {
    const full =
      error instanceof DiscordAPIError &&
      error.code === RESTJSONErrorCodes.MaximumNumberOfUncompletedGuildScheduledEventsReached;
    // A full server has room again once its other events end; otherwise the next change of the row retries.
    await recordEventSyncFailed(deps.db, event, {
      retryAt: full ? now + deps.config.reminders.pollMs : null,
    });
    deps.logger.warn(log, "Discord refused a tournament event change");
    return "refused";
  }
  // Discord's rate limit says nothing of this event, and has its own wait: no attempt spent, so the backoff of
  // its later failures does not grow for it. A refused token still spends one, so that retries of an instance
  // whose every request fails slow down, as in any outage (a leftover deletion, whose attempts decide when it
  // is given up, spends none on either).
  const countsAsAttempt = failure.kind !== "rate-limited";
  const wait =
    failure.kind === "rate-limited"
      ? failure.retryAfterMs
      : computeRetryDelay(defaultRetryPolicy, event.attempts + 1, deps.random ?? Math.random);
  await recordEventSyncFailed(deps.db, event, { retryAt: now + wait, countsAsAttempt });
  deps.logger.warn({ ...log, retryInMs: wait }, "could not sync a tournament event; trying again later");
  return "retrying";
}

async function areEventsOff(deps: TournamentEventDeps, guildId: string): Promise<boolean> {
  return (await findTournamentEventSettings(deps.db, guildId)) === undefined;
}

/**
 * A refused deletion after off: retried with its own backoff (a permission taken away may be granted back), and
 * given up, its row dropped and its event left in Discord for the admins, once the attempts are spent or when
 * Discord says the request itself is wrong, which no later attempt changes. Discord's rate limit and a refused
 * bot token (every request of the bot failing alike) say nothing of this deletion, so they spend no attempt.
 */
async function retryLeftoverDeletion(
  deps: TournamentEventDeps,
  event: TournamentEvent,
  failure: DeliveryFailure,
  log: Readonly<Record<string, unknown>>,
): Promise<EventSyncOutcome> {
  const countsAsAttempt = failure.kind !== "rate-limited" && failure.kind !== "unauthorized";
  const attempts = countsAsAttempt ? event.attempts + 1 : event.attempts;
  if (failure.kind === "rejected" || hasExhaustedRetries(leftoverDeletionRetryPolicy, attempts)) {
    if (!(await dropGivenUpDeletion(deps.db, { ...event, claimedUpdatedAt: event.updatedAt }))) {
      // Events were turned on again meanwhile: the row is theirs, due at once.
      await recordEventSyncFailed(deps.db, event, { retryAt: deps.clock.now() });
      return "retrying";
    }
    deps.logger.warn(
      { ...log, attempts, discordEventId: event.discordEventId },
      "gave up deleting a tournament event after events were turned off; it stays in Discord",
    );
    return "given-up";
  }
  const wait =
    failure.kind === "rate-limited"
      ? failure.retryAfterMs
      : computeRetryDelay(leftoverDeletionRetryPolicy, attempts, deps.random ?? Math.random);
  await recordEventSyncFailed(deps.db, event, { retryAt: deps.clock.now() + wait, countsAsAttempt });
  deps.logger.warn(
    { ...log, attempts, retryInMs: wait },
    "could not delete a tournament event after events were turned off; trying again later",
  );
  return "retrying";
}

function tellAdminsEventsPaused(
  deps: TournamentEventDeps,
  guildId: string,
  permission: string,
): Promise<void> {
  return tellAdmins(deps, {
    guildId,
    content:
      `Tournament events are paused: I lack the **${permission}** permission. In Server Settings → Roles, ` +
      `give my role ${permission}, then run \`/setup events on\` to resume.`,
    what: "paused tournament events",
    logFields: { permission },
  });
}
