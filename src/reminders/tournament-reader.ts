// Who reads a server's open tournaments, and what the read feeds (docs/architecture.md, "Tournament reminders",
// "Tournament events"). A server with reminders is read with the credential of the admin who set them up, and
// the read feeds its reminders and, when on, its events; a server with events and no reminders is read with
// the credential of the admin who turned events on, for its events alone. One read per server either way.
import type { ReminderSettings } from "../store/reminder-settings.js";
import type { TournamentEventSettings } from "../store/tournament-event-settings.js";
import {
  recordLinkProblemOnce,
  recordReadSucceeded,
  type ReadOwnerTable,
} from "../store/tournament-read-state.js";
import type { ReminderDeps } from "./reminder-deps.js";

export type TournamentReader =
  | { readonly feeds: "reminders"; readonly settings: ReminderSettings }
  | { readonly feeds: "events"; readonly settings: TournamentEventSettings };

/** The settings that own the read: its state (last read, link problem) is kept on them. */
const ownerTable = {
  reminders: "reminder_settings",
  events: "tournament_event_settings",
} as const satisfies Record<TournamentReader["feeds"], ReadOwnerTable>;

/** The admin whose linked credential reads, while they still hold Manage Server. */
export function readingAdminOf(reader: TournamentReader): string {
  return reader.feeds === "reminders" ? reader.settings.configuredBy : reader.settings.enabledBy;
}

/** What the log calls the reads of this reader. */
export function describeReadsOf(reader: TournamentReader): string {
  return reader.feeds === "reminders" ? "tournament reminders" : "tournament events";
}

/** Records the link problem on the settings that own the read; true only the first time, so it is told once. */
export function recordReaderProblem(
  deps: Pick<ReminderDeps, "db">,
  reader: TournamentReader,
  input: { readonly problem: string; readonly now: number },
): Promise<boolean> {
  return recordLinkProblemOnce(deps.db, ownerTable[reader.feeds], {
    guildId: reader.settings.guildId,
    ...input,
  });
}

/** Records a read that worked on the settings that own it; true when it cleared a link problem. */
export function recordReaderSucceeded(
  deps: Pick<ReminderDeps, "db">,
  reader: TournamentReader,
  now: number,
): Promise<boolean> {
  return recordReadSucceeded(deps.db, ownerTable[reader.feeds], { guildId: reader.settings.guildId, now });
}
