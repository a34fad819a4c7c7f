// One claimed tournament event brought in line with Discord (docs/architecture.md, "Tournament events"): found
// again after a crash or created, moved, made active, completed, or deleted. The create is recorded as
// attempted before it is sent and its id as soon as Discord answers, so no instance ever makes it twice.
import { DiscordAPIError } from "@discordjs/rest";
import { RESTJSONErrorCodes } from "discord-api-types/v10";
import { deleteTournamentEventRow } from "../../store/tournament-event-deletions.js";
import {
  sameFields,
  type TournamentEvent,
  type TournamentEventFields,
} from "../../store/tournament-events.js";
import {
  forgetDiscordEvent,
  markCreateAttempted,
  recordDiscordEvent,
  recordEventSynced,
} from "../../store/tournament-event-lease.js";
import {
  createExternalEvent,
  deleteEvent,
  findEventByLocation,
  modifyEventFields,
  modifyStartedEventDetails,
  moveEventStatus,
  readEvent,
  type EventStatusName,
} from "./discord-scheduled-events.js";
import { handleEventRefusal, type EventStep } from "./handle-event-refusal.js";
import type { TournamentEventDeps } from "./tournament-event-deps.js";

export type EventSyncOutcome =
  | "created"
  | "synced"
  | "deleted"
  | "forgotten"
  | "dropped"
  | "paused"
  | "retrying"
  | "refused"
  | "given-up"
  | "released";

/**
 * `leaseHeld` says whether the row is still this worker's: past its lease another worker may hold it, so the
 * row is left ("released") before the sync begins and before an event is made, which both would make.
 */
export async function syncTournamentEvent(
  deps: TournamentEventDeps,
  event: TournamentEvent,
  leaseHeld: () => boolean = () => true,
): Promise<EventSyncOutcome> {
  const step: { current: EventStep } = { current: "read" };
  try {
    if (!leaseHeld()) return "released";
    return await bringInLine(deps, event, step, leaseHeld);
  } catch (error) {
    if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownGuildScheduledEvent) {
      // Deleted by someone else: the admins chose to have it gone, so it is left so.
      await recordEventSynced(deps.db, keyOf(event), {
        discordEventId: null,
        syncedStatus: null,
        syncedFields: null,
        wantedStatus: "forgotten",
        nextDueAt: null,
        now: deps.clock.now(),
      });
      deps.logger.info(
        { guildId: event.guildId, tournamentId: event.tournamentId },
        "forgot a deleted event",
      );
      return "forgotten";
    }
    return handleEventRefusal(deps, event, step.current, error);
  }
}

async function bringInLine(
  deps: TournamentEventDeps,
  event: TournamentEvent,
  step: { current: EventStep },
  leaseHeld: () => boolean,
): Promise<EventSyncOutcome> {
  const { rest, db } = deps;
  const { guildId } = event;
  const now = deps.clock.now();
  let discordId = event.discordEventId;
  let fields: TournamentEventFields | null = event.syncedFields;
  let status = event.syncedStatus as EventStatusName | null;
  if (discordId === null && event.wantedStatus !== "forgotten") {
    // The event may exist: a create was sent and its answer never recorded, or an earlier row's event of this
    // tournament stayed in Discord (a deletion given up after `/setup events off`, before events went on again).
    // Such a one is taken over while it is not over, rather than a second made beside it.
    const found = await findEventByLocation(rest, guildId, {
      location: event.location,
      botUserId: deps.applicationId,
      // The event the unrecorded create made is this row's whatever became of it.
      anyStatus: event.createAttempted,
    });
    if (found !== undefined) {
      ({ id: discordId, fields, status } = found);
      await recordDiscordEvent(db, event, {
        discordEventId: discordId,
        syncedStatus: status,
        syncedFields: fields,
      });
    }
  }
  if (event.wantedStatus === "deleted" || event.wantedStatus === "forgotten") {
    if (event.wantedStatus === "deleted" && discordId !== null) {
      step.current = "manage";
      await deleteEvent(rest, guildId, discordId).catch(ignoreUnknownEvent);
    }
    await deleteTournamentEventRow(db, event);
    return "deleted";
  }
  if (discordId !== null && (await startedBeforeItsTournament(deps, event, { discordId, status, fields }))) {
    // Discord starts an external event at its start time by itself, and a started event keeps its start: the
    // tournament was postponed past it, so its event is replaced by one at the new time.
    step.current = "manage";
    await forgetDiscordEvent(db, event);
    await deleteEvent(rest, guildId, discordId).catch(ignoreUnknownEvent);
    discordId = null;
    status = null;
    fields = null;
  }
  let created = false;
  if (discordId === null) {
    // Discord takes no event starting in the past, and one already over has nothing to show.
    if (event.startsAt <= now) {
      await deleteTournamentEventRow(db, event);
      return "dropped";
    }
    // The look for an event made before may have outlasted the lease, and another worker's look may have
    // found none either: only the row's holder makes one.
    if (!leaseHeld()) return "released";
    await markCreateAttempted(db, event);
    step.current = "create";
    const made = await createExternalEvent(rest, guildId, event);
    // What was sent, not Discord's echo of it, which may round the times.
    ({ id: discordId, status } = made);
    fields = event;
    await recordDiscordEvent(db, event, {
      discordEventId: discordId,
      syncedStatus: status,
      syncedFields: fields,
    });
    created = true;
  }
  step.current = "manage";
  const target = targetStatus(event, now);
  if (status === "scheduled" && (fields === null || !sameFields(fields, event)) && event.startsAt > now) {
    await modifyEventFields(rest, guildId, discordId, event);
    fields = event;
  } else if (fields !== null && target !== "completed" && status !== "completed" && status !== "canceled") {
    // Its start passed: Discord has started it (or will), and a started event takes only these.
    const details = changedDetails(fields, event, now);
    if (details !== undefined) {
      const send = () => modifyStartedEventDetails(rest, guildId, discordId, details);
      const finishedAs = await sendUnlessFinished(deps, { guildId, discordId }, send);
      if (finishedAs === undefined)
        fields = { ...fields, ...details, endsAt: details.endsAt ?? fields.endsAt };
      else status = finishedAs;
    }
  }
  if (target !== "scheduled" && status !== target) {
    // Discord may have moved it itself (an external event starts at its start time): read where it stands.
    status = (await readEvent(rest, guildId, discordId)).status;
    if (status === "scheduled") status = await moveOn(deps, { guildId, discordId }, "active");
    if (status === "active" && target === "completed")
      status = await moveOn(deps, { guildId, discordId }, "completed");
  }
  const over = status === "completed" || status === "canceled";
  await recordEventSynced(db, keyOf(event), {
    discordEventId: discordId,
    syncedStatus: status,
    syncedFields: fields,
    ...(over ? { wantedStatus: "completed" as const } : {}),
    // An active event is due again at its end, to be completed. Once that end passed, one still shown is a
    // row whose tournament is still open (its event started by Discord, which ends it by itself too): due at
    // once, it would be claimed again at every poll, so it waits for a read to change it.
    nextDueAt:
      !over && (status === "active" || event.wantedStatus === "active") && event.endsAt > now
        ? event.endsAt
        : null,
    now,
  });
  return created ? "created" : "synced";
}

/**
 * Whether Discord moved the row's event on by itself (ACTIVE at its start; docs/architecture.md, "Tournament
 * events") while its tournament, still to start, moved to a later start: read only once the start the event
 * has passed, as before it Discord cannot have started it.
 */
async function startedBeforeItsTournament(
  deps: TournamentEventDeps,
  event: TournamentEvent,
  known: {
    readonly discordId: string;
    readonly status: EventStatusName | null;
    readonly fields: TournamentEventFields | null;
  },
): Promise<boolean> {
  const now = deps.clock.now();
  const { fields } = known;
  if (event.wantedStatus !== "scheduled" || event.startsAt <= now) return false;
  if (fields === null || fields.startsAt > now || sameFields(fields, event)) return false;
  const status =
    known.status === "scheduled"
      ? (await readEvent(deps.rest, event.guildId, known.discordId)).status
      : known.status;
  return status !== "scheduled";
}

/**
 * The name, description and end the row wants of an event whose start passed, when one differs from what
 * Discord has; an end is sent only while it is ahead and after the start the event keeps.
 */
function changedDetails(
  fields: TournamentEventFields,
  event: TournamentEvent,
  now: number,
):
  | (Pick<TournamentEventFields, "name" | "description"> & { readonly endsAt: number | undefined })
  | undefined {
  if (event.startsAt > now) return undefined;
  const endsAt =
    event.endsAt !== fields.endsAt && event.endsAt > Math.max(now, fields.startsAt)
      ? event.endsAt
      : undefined;
  if (event.name === fields.name && event.description === fields.description && endsAt === undefined)
    return undefined;
  return { name: event.name, description: event.description, endsAt };
}

/** Moves the event on, and returns its status then. */
async function moveOn(
  deps: TournamentEventDeps,
  place: { readonly guildId: string; readonly discordId: string },
  to: "active" | "completed",
): Promise<EventStatusName> {
  const send = () => moveEventStatus(deps.rest, place.guildId, place.discordId, to);
  return (await sendUnlessFinished(deps, place, send)) ?? to;
}

/**
 * Sends a change; undefined once Discord took it. Discord refuses to change a finished event (180000): one that
 * finished since the worker last knew it, by Discord's own hand at its end or by an admin's, is read again, and
 * its status returned.
 */
async function sendUnlessFinished(
  deps: TournamentEventDeps,
  place: { readonly guildId: string; readonly discordId: string },
  send: () => Promise<void>,
): Promise<EventStatusName | undefined> {
  try {
    await send();
    return undefined;
  } catch (error) {
    const finished =
      error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.CannotUpdateAFinishedEvent;
    if (!finished) throw error;
    return (await readEvent(deps.rest, place.guildId, place.discordId)).status;
  }
}

/** Active once its tournament started; completed once its end passed after that. */
function targetStatus(event: TournamentEvent, now: number): "scheduled" | "active" | "completed" {
  if (event.wantedStatus === "completed") return "completed";
  if (event.wantedStatus !== "active") return "scheduled";
  return now >= event.endsAt ? "completed" : "active";
}

function ignoreUnknownEvent(error: unknown): void {
  if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownGuildScheduledEvent)
    return;
  throw error;
}

export function keyOf(event: TournamentEvent) {
  return { guildId: event.guildId, tournamentId: event.tournamentId, claimedUpdatedAt: event.updatedAt };
}
