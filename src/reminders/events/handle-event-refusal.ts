// What a failed sync of a tournament's event does (docs/architecture.md, "Tournament events"), read with the
// outbox's classification and backoff (docs/architecture.md, "Posting"): a missing permission pauses the
// server's events and tells its admins once which permission to grant; a full server waits for the next read;
// anything Discord may answer differently later is retried with backoff.
import { DiscordAPIError } from "@discordjs/rest";
import { RESTJSONErrorCodes } from "discord-api-types/v10";
import { classifyFailure } from "../../outbox/classify-failure.js";
import { computeRetryDelay, defaultRetryPolicy } from "../../outbox/retry-policy.js";
import { tellAdmins } from "../../outbox/tell-admins.js";
import { recordEventPermissionProblem } from "../../store/tournament-event-settings.js";
import { type TournamentEvent } from "../../store/tournament-events.js";
import { recordEventSyncFailed } from "../../store/tournament-event-lease.js";
import type { EventSyncOutcome } from "./sync-tournament-event.js";
import type { TournamentEventDeps } from "./tournament-event-deps.js";

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
  const wait =
    failure.kind === "rate-limited"
      ? failure.retryAfterMs
      : computeRetryDelay(defaultRetryPolicy, event.attempts + 1, deps.random ?? Math.random);
  await recordEventSyncFailed(deps.db, event, { retryAt: now + wait });
  deps.logger.warn({ ...log, retryInMs: wait }, "could not sync a tournament event; trying again later");
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
