// One claimed tournament event brought in line with Discord (docs/architecture.md, "Tournament events"): found
// again after a crash or created, moved, made active, completed, or deleted. The create is recorded as
// attempted before it is sent and its id as soon as Discord answers, so no instance ever makes it twice.
import { DiscordAPIError, HTTPError, RateLimitError } from "@discordjs/rest";
import { RESTJSONErrorCodes } from "discord-api-types/v10";
import { deleteTournamentEventRow } from "../../store/tournament-event-deletions.js";
import { sameFields, type TournamentEvent } from "../../store/tournament-events.js";
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
  readEvent,
  type EventStatusName,
} from "./discord-scheduled-events.js";
import { handleEventRefusal, type EventStep } from "./handle-event-refusal.js";
import type { TournamentEventDeps } from "./tournament-event-deps.js";
import { updateDiscordEvent, type KnownEvent, type PlacedEvent } from "./update-discord-event.js";

/** How much of the renewed lease a create may take, sent and answered. */
const createShareOfLease = 0.8;

export type EventSyncOutcome =
  | "created"
  | "synced"
  | "deleted"
  /** A deletion's row wanted back while its event was deleted: it stays, due at once, naming no event. */
  | "kept"
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
  const now = deps.clock.now();
  let known = await findUnrecordedEvent(deps, event);
  if (event.wantedStatus === "deleted" || event.wantedStatus === "forgotten") {
    return (await deleteWithItsEvent(deps, event, known, step)) ? "deleted" : "kept";
  }
  known = await replaceIfStartedEarly(deps, event, known, step);
  let placed: PlacedEvent;
  let created = false;
  if (known.discordId === null) {
    const made = await createEvent(deps, event, { step, leaseHeld, now });
    if (made === "dropped" || made === "released") return made;
    placed = made;
    created = true;
  } else {
    placed = { ...known, discordId: known.discordId };
  }
  step.current = "manage";
  await recordSynced(deps, event, await updateDiscordEvent(deps, event, placed, now), now);
  return created ? "created" : "synced";
}

/**
 * The row's event as recorded, or, with none recorded, one found in Discord by its location and recorded. It
 * may exist: a create was sent and its answer never recorded, or an earlier row's event of this tournament
 * stayed in Discord (a deletion given up after `/setup events off`, before events went on again). Such a one
 * is taken over while it is not over, rather than a second made beside it.
 */
async function findUnrecordedEvent(deps: TournamentEventDeps, event: TournamentEvent): Promise<KnownEvent> {
  const recorded: KnownEvent = {
    discordId: event.discordEventId,
    status: event.syncedStatus as EventStatusName | null,
    fields: event.syncedFields,
  };
  if (recorded.discordId !== null || event.wantedStatus === "forgotten") return recorded;
  const found = await findEventByLocation(deps.rest, event.guildId, {
    location: event.location,
    botUserId: deps.applicationId,
    // The event the unrecorded create made is this row's whatever became of it.
    anyStatus: event.createAttempted,
  });
  if (found === undefined) return recorded;
  await recordDiscordEvent(deps.db, event, {
    discordEventId: found.id,
    syncedStatus: found.status,
    syncedFields: found.fields,
  });
  return { discordId: found.id, status: found.status, fields: found.fields };
}

/**
 * The row goes: one wanted deleted takes its event with it first, one forgotten (deleted by someone else)
 * does not. False when the row stayed, wanted back meanwhile (deleteTournamentEventRow).
 */
async function deleteWithItsEvent(
  deps: TournamentEventDeps,
  event: TournamentEvent,
  known: KnownEvent,
  step: { current: EventStep },
): Promise<boolean> {
  let deletedEventId: string | undefined;
  if (event.wantedStatus === "deleted" && known.discordId !== null) {
    step.current = "manage";
    // Let go first, as replaceIfStartedEarly does: a worker that takes the row over while the deletion is
    // under way (the tournament wanted back, this lease ended) finds no event named and looks for one by its
    // location, rather than edit the one being deleted, whose 10070 would have it forget the tournament's event.
    await forgetDiscordEvent(deps.db, event, known.discordId);
    await deleteEvent(deps.rest, event.guildId, known.discordId).catch(ignoreUnknownEvent);
    deletedEventId = known.discordId;
  }
  const at = { owner: deps.owner, now: deps.clock.now(), deletedEventId };
  return deleteTournamentEventRow(deps.db, keyOf(event), at);
}

/**
 * Discord starts an external event at its start time by itself, and a started event keeps its start: a
 * tournament postponed past it has its event let go of and deleted, to be replaced by one at the new time.
 */
async function replaceIfStartedEarly(
  deps: TournamentEventDeps,
  event: TournamentEvent,
  known: KnownEvent,
  step: { current: EventStep },
): Promise<KnownEvent> {
  const { discordId } = known;
  if (discordId === null || !(await startedBeforeItsTournament(deps, event, { ...known, discordId })))
    return known;
  step.current = "manage";
  await forgetDiscordEvent(deps.db, event, discordId);
  await deleteEvent(deps.rest, event.guildId, discordId).catch(ignoreUnknownEvent);
  return { discordId: null, status: null, fields: null };
}

/**
 * Makes the row's event, recording the attempt before it is sent and Discord's id as soon as it answers. A row
 * whose start passed is dropped instead, as Discord takes no event starting in the past and one already over has
 * nothing to show; a row whose lease ran out is released.
 */
async function createEvent(
  deps: TournamentEventDeps,
  event: TournamentEvent,
  at: { readonly step: { current: EventStep }; readonly leaseHeld: () => boolean; readonly now: number },
): Promise<PlacedEvent | "dropped" | "released"> {
  if (event.startsAt <= at.now) {
    await deleteTournamentEventRow(deps.db, keyOf(event), { owner: deps.owner, now: deps.clock.now() });
    return "dropped";
  }
  // The look for an event made before may have outlasted the lease, and another worker's look may have
  // found none either: only the row's holder makes one, its lease renewed for the create (on the database's
  // clock, so a clock of this instance's that runs slow cannot keep a lease the database ended).
  if (!at.leaseHeld()) return "released";
  const lease = { owner: deps.owner, now: deps.clock.now(), leaseMs: deps.config.outbox.leaseMs };
  if (!(await markCreateAttempted(deps.db, event, lease))) return "released";
  at.step.current = "create";
  // Answered within the lease just renewed, or not sent: past it another instance may take the row, find no
  // event yet and make one. A create still waiting in the client (the server's creates share one rate-limit
  // bucket, and the worker runs several rows at once) is cut, unsent, at four fifths of the lease, and the row
  // left to its lease; its next holder looks for an event before it makes one.
  const cut = AbortSignal.timeout(Math.floor(lease.leaseMs * createShareOfLease));
  let made;
  try {
    made = await createExternalEvent(deps.restForCreates ?? deps.rest, event.guildId, event, cut);
  } catch (error) {
    if (cut.aborted && isAbort(error)) return "released";
    throw error;
  }
  // What was sent, not Discord's echo of it, which may round the times.
  const placed: PlacedEvent = { discordId: made.id, status: made.status, fields: event };
  await recordDiscordEvent(deps.db, event, {
    discordEventId: placed.discordId,
    syncedStatus: made.status,
    syncedFields: event,
  });
  return placed;
}

/**
 * Whether a create that failed once its cut fired failed for the cut: anything but Discord's own answer (an
 * error status, a refused rate-limit wait) is the abort, whose form (an AbortError, or the queue's rejection)
 * is the client's to choose.
 */
function isAbort(error: unknown): boolean {
  return !(error instanceof DiscordAPIError || error instanceof HTTPError || error instanceof RateLimitError);
}

/** Records what Discord has of the row's event, and when the row is due again. */
async function recordSynced(
  deps: TournamentEventDeps,
  event: TournamentEvent,
  placed: PlacedEvent,
  now: number,
): Promise<void> {
  const { status } = placed;
  const over = status === "completed" || status === "canceled";
  await recordEventSynced(deps.db, keyOf(event), {
    discordEventId: placed.discordId,
    syncedStatus: status,
    syncedFields: placed.fields,
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
}

/**
 * Whether Discord moved the row's event on by itself (ACTIVE at its start; docs/architecture.md, "Tournament
 * events") while its tournament, still to start, moved to a later start: read only once the start the event
 * has passed, as before it Discord cannot have started it.
 */
async function startedBeforeItsTournament(
  deps: TournamentEventDeps,
  event: TournamentEvent,
  known: PlacedEvent,
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

function ignoreUnknownEvent(error: unknown): void {
  if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownGuildScheduledEvent)
    return;
  throw error;
}

export function keyOf(event: TournamentEvent) {
  return { guildId: event.guildId, tournamentId: event.tournamentId, claimedUpdatedAt: event.updatedAt };
}
