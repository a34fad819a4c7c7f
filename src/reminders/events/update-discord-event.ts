// A tournament's event that Discord has, brought to what its row wants (docs/architecture.md, "Tournament
// events"): new fields or, once its start passed, new details sent, then moved on to ACTIVE or COMPLETED from
// where Discord has it, an event found finished on the way being taken as over rather than refused.
import { DiscordAPIError } from "@discordjs/rest";
import { RESTJSONErrorCodes } from "discord-api-types/v10";
import {
  sameFields,
  type TournamentEvent,
  type TournamentEventFields,
} from "../../store/tournament-events.js";
import {
  modifyEventFields,
  modifyStartedEventDetails,
  moveEventStatus,
  readEvent,
  type EventStatusName,
} from "./discord-scheduled-events.js";
import type { TournamentEventDeps } from "./tournament-event-deps.js";

/** What the worker knows of the row's event in Discord: none yet while `discordId` is null. */
export interface KnownEvent {
  readonly discordId: string | null;
  readonly status: EventStatusName | null;
  readonly fields: TournamentEventFields | null;
}

/** An event Discord has. */
export type PlacedEvent = KnownEvent & { readonly discordId: string };

/** Sends the row's changes to its event and moves it on; what Discord has then. */
export async function updateDiscordEvent(
  deps: TournamentEventDeps,
  event: TournamentEvent,
  placed: PlacedEvent,
  now: number,
): Promise<PlacedEvent> {
  const target = targetStatus(event, now);
  const changed = await sendChanges(deps, event, placed, { target, now });
  return { ...changed, status: await moveToTarget(deps, event, changed, target) };
}

/**
 * A scheduled event takes every field that changed while its start is ahead; once its start passed, Discord
 * has started it (or will), and a started event takes only a new name, description or end.
 */
async function sendChanges(
  deps: TournamentEventDeps,
  event: TournamentEvent,
  placed: PlacedEvent,
  at: { readonly target: "scheduled" | "active" | "completed"; readonly now: number },
): Promise<PlacedEvent> {
  const { status, fields } = placed;
  const place = { guildId: event.guildId, discordId: placed.discordId };
  if (status === "scheduled" && (fields === null || !sameFields(fields, event)) && event.startsAt > at.now) {
    // Cancelled in Discord since the worker last knew it (another app, a member's client): over, not refused.
    const send = () => modifyEventFields(deps.rest, event.guildId, placed.discordId, event);
    const finishedAs = await sendUnlessFinished(deps, place, send);
    if (finishedAs !== undefined) return { ...placed, status: finishedAs };
    return { ...placed, fields: event };
  }
  if (fields === null || at.target === "completed" || status === "completed" || status === "canceled")
    return placed;
  const details = changedDetails(fields, event, at.now);
  if (details === undefined) return placed;
  const send = () => modifyStartedEventDetails(deps.rest, place.guildId, place.discordId, details);
  const finishedAs = await sendUnlessFinished(deps, place, send);
  if (finishedAs !== undefined) return { ...placed, status: finishedAs };
  return { ...placed, fields: { ...fields, ...details, endsAt: details.endsAt ?? fields.endsAt } };
}

/**
 * The status the event has once moved towards the target. Discord may have moved it itself (an external event
 * starts at its start time): where it stands is read first, and only what is left is sent.
 */
async function moveToTarget(
  deps: TournamentEventDeps,
  event: TournamentEvent,
  placed: PlacedEvent,
  target: "scheduled" | "active" | "completed",
): Promise<EventStatusName | null> {
  if (target === "scheduled" || placed.status === target) return placed.status;
  const place = { guildId: event.guildId, discordId: placed.discordId };
  let status = (await readEvent(deps.rest, place.guildId, place.discordId)).status;
  if (status === "scheduled") status = await moveOn(deps, place, "active");
  if (status === "active" && target === "completed") status = await moveOn(deps, place, "completed");
  return status;
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
