// docs/architecture.md, "Tournament reminders": a `system.tournament_started` event drops the tournament's
// reminders in the transaction that stores it, everywhere from the operator's webhook and only in its own
// server from a server's endpoint.
import { describe, expect, it } from "vitest";
import { eventStoredSubscribers } from "../../src/bot/event-stored-subscribers.js";
import { ManualClock } from "../../src/clock.js";
import { saveReminderSettings } from "../../src/store/reminder-settings.js";
import { syncTournamentReminders } from "../../src/store/tournament-reminder-sync.js";
import { listScheduledReminders } from "../../src/store/tournament-reminders.js";
import type { EventSource } from "../../src/webhooks/event-source.js";
import { ingestEvent } from "../../src/webhooks/ingest-event.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { standardEvent, tournamentStartedData } from "../webhooks/support/payloads.js";
import { guildA, guildB } from "../webhooks/support/seed.js";

const operator: EventSource = { type: "operator" };
const endpointOfB: EventSource = { type: "endpoint", endpointId: "endpointOfGuildB00000", guildId: guildB };

describe.each(testDatabases())("reminders dropped by a started tournament on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
  const ingest = (body: string, source: EventSource) =>
    ingestEvent(
      { db: store.db, clock, subscribers: eventStoredSubscribers },
      { rawBody: Buffer.from(body, "utf8"), source },
    );
  const started = (id: string, tournamentId: string) =>
    standardEvent({
      id,
      event: "system.tournament_started",
      created: new Date(clock.now()).toISOString(),
      data: tournamentStartedData({ id: tournamentId }),
    });

  async function scheduleEverywhere(tournamentId: string): Promise<void> {
    const tournament = {
      id: tournamentId,
      startsAt: clock.now() + 60 * 60_000,
      title: "Weekly Sprint",
      format: null,
      prize: null,
      participants: null,
      maxParticipants: null,
    };
    for (const guildId of [guildA, guildB]) {
      await saveReminderSettings(store.db, {
        guildId,
        channelId: `3${guildId.slice(1)}`,
        leadMinutes: [10],
        roleId: null,
        configuredBy: "200000000000000009",
        now: clock.now(),
      });
      await syncTournamentReminders(store.db, {
        guildId,
        wanted: [{ tournament, leadMinutes: 10 }],
        openTournaments: [tournament],
        complete: true,
        now: clock.now(),
      });
    }
  }

  const scheduledIn = async (guildId: string) =>
    (await listScheduledReminders(store.db, guildId)).map((reminder) => reminder.tournament.id);

  it("drops the reminders in the endpoint's own server only", async () => {
    await scheduleEverywhere("trn_early");
    expect(await ingest(started("evt_b", "trn_early"), endpointOfB)).toMatchObject({ status: "accepted" });
    expect(await scheduledIn(guildA)).toEqual(["trn_early"]);
    expect(await scheduledIn(guildB)).toEqual([]);
  });

  it("drops the reminders in every server from the operator's webhook", async () => {
    await scheduleEverywhere("trn_early");
    await scheduleEverywhere("trn_other");
    expect(await ingest(started("evt_op", "trn_early"), operator)).toMatchObject({ status: "accepted" });
    expect(await scheduledIn(guildA)).toEqual(["trn_other"]);
    expect(await scheduledIn(guildB)).toEqual(["trn_other"]);
  });
});
