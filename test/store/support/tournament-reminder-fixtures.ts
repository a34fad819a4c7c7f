// Fixtures of the tournament reminder store tests: two servers, a tournament, reminders on, a read, a send.
import type { Kysely } from "kysely";
import type { Database } from "../../../src/store/database.js";
import { sendDueReminders } from "../../../src/store/due-reminders.js";
import { saveReminderSettings } from "../../../src/store/reminder-settings.js";
import { syncTournamentReminders } from "../../../src/store/tournament-reminder-sync.js";
import type { ReminderTournament } from "../../../src/store/tournament-reminders.js";
import { testNow } from "../secret-box-fixture.js";

export const guildA = "100000000000000001";
export const guildB = "100000000000000002";
export const channelOf = (guildId: string) => `3${guildId.slice(1)}`;
export const minute = 60_000;

export function tournamentStarting(startsAt: number, id = "trn_sprint"): ReminderTournament {
  return {
    id,
    startsAt,
    title: "Weekly Sprint",
    format: "elimination",
    prize: "$500",
    participants: 2,
    maxParticipants: 64,
  };
}

export async function turnOn(
  db: Kysely<Database>,
  guildId: string,
  leadMinutes: number[],
  now = testNow,
): Promise<void> {
  await saveReminderSettings(db, {
    guildId,
    channelId: channelOf(guildId),
    leadMinutes,
    roleId: null,
    configuredBy: "200000000000000009",
    now,
  });
}

export async function sync(
  db: Kysely<Database>,
  input: {
    guildId?: string;
    tournaments: ReminderTournament[];
    leads: number[];
    complete?: boolean;
    now?: number;
    /** Tournaments the read listed but could not read. */
    unreadableIds?: string[];
    /** The read, by its claim's count, claimed for the settings `turnOn` made (at `testNow`) unless said. */
    read?: number;
    settingsCreatedAt?: number;
  },
) {
  return syncTournamentReminders(db, {
    guildId: input.guildId ?? guildA,
    wanted: input.tournaments.flatMap((tournament) =>
      input.leads.map((leadMinutes) => ({ tournament, leadMinutes })),
    ),
    openTournaments: input.tournaments,
    ...(input.unreadableIds === undefined
      ? {}
      : { listedIds: [...input.tournaments.map((tournament) => tournament.id), ...input.unreadableIds] }),
    complete: input.complete ?? true,
    now: input.now ?? testNow,
    ...(input.read === undefined
      ? {}
      : { read: { claims: input.read, settingsCreatedAt: input.settingsCreatedAt ?? testNow } }),
  });
}

export const sendAll = (db: Kysely<Database>, now: number) =>
  sendDueReminders(db, { now, limit: 100, decide: () => ({ send: true }) });
