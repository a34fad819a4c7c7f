// What the tournament event worker's tests share: per test, a fake Discord on the test's manual clock with one
// server where the bot may create events, a REST client to it and the worker; and the rows a read of the
// open tournaments leaves (docs/architecture.md, "Tournament events").
import type { REST } from "@discordjs/rest";
import type { Kysely } from "kysely";
import { beforeEach } from "vitest";
import type { FakeDiscord, FakeGuild } from "../../../../fake-discord/index.js";
import type { ManualClock } from "../../../../src/clock.js";
import { createLogger } from "../../../../src/logger.js";
import {
  createTournamentEventWorker,
  type TournamentEventWorker,
} from "../../../../src/reminders/events/tournament-event-worker.js";
import type { Database } from "../../../../src/store/database.js";
import { enableTournamentEvents } from "../../../../src/store/tournament-event-settings.js";
import { syncTournamentEventRows } from "../../../../src/store/tournament-event-row-sync.js";
import type { WantedTournamentEvent } from "../../../../src/store/tournament-events.js";
import { useFakeGuild } from "../../../support/fake-guild.js";

export const hour = 3_600_000;
export const adminId = "200000000000000009";

export interface EventWorkerWorld {
  fake: FakeDiscord;
  guild: FakeGuild;
  rest: REST;
  worker: TournamentEventWorker;
  /** Events on in the server, and one read that shows these tournaments. */
  showTournaments(...events: WantedTournamentEvent[]): Promise<void>;
}

export function useEventWorkerWorld(
  store: { readonly db: Kysely<Database> },
  clock: ManualClock,
): EventWorkerWorld {
  const world = {
    async showTournaments(...events: WantedTournamentEvent[]): Promise<void> {
      const guildId = world.guild.id;
      await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: clock.now() });
      await syncTournamentEventRows(store.db, {
        guildId,
        wanted: events,
        openIds: new Set(events.map((event) => event.tournamentId)),
        complete: true,
        now: clock.now(),
        limit: 100,
      });
    },
  } as EventWorkerWorld;

  const discord = useFakeGuild({ permissions: ["CreateEvents"], clock });
  beforeEach(() => {
    world.fake = discord.fake;
    world.guild = discord.guild;
    world.rest = discord.rest;
    world.worker = createTournamentEventWorker({
      db: store.db,
      rest: world.rest,
      applicationId: world.fake.applicationId,
      clock,
      logger: createLogger({ level: "silent" }),
      config: {
        reminders: { pollMs: 300_000, eventDurationMs: 2 * hour },
        outbox: { leaseMs: 30_000, pollIntervalMs: 1000 },
      },
      owner: "worker-1",
      random: () => 0.5,
    });
  });
  return world;
}

/** A tournament's event as a read of the open tournaments wants it: two hours from its start. */
export function cup(id: string, startsAt: number): WantedTournamentEvent {
  return {
    tournamentId: id,
    name: `Cup ${id}`,
    description: "Format: elimination",
    location: `Register in Discord: /tournament register id:${id}`,
    startsAt,
    endsAt: startsAt + 2 * hour,
  };
}
