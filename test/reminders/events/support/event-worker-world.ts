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
  /** Another client with the bot's token, as a second instance has. */
  newClient(): REST;
  /** Events on in the server, and one read that shows these tournaments. */
  showTournaments(...events: WantedTournamentEvent[]): Promise<void>;
}

export function useEventWorkerWorld(
  store: { readonly db: Kysely<Database> },
  clock: ManualClock,
  discordOptions: Pick<Parameters<typeof useFakeGuild>[0], "routeLimits"> = {},
): EventWorkerWorld {
  const world = {
    newClient: () => discord.newClient(),
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

  const discord = useFakeGuild({ permissions: ["CreateEvents"], clock, ...discordOptions });
  beforeEach(() => {
    world.fake = discord.fake;
    world.guild = discord.guild;
    world.rest = discord.rest;
    world.worker = createEventWorker({ db: store.db, fake: discord.fake, rest: discord.rest, clock });
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

/** The event worker as the bot builds it, on `rest`: one per instance in a test of several. */
export function createEventWorker(input: {
  readonly db: Kysely<Database>;
  readonly fake: FakeDiscord;
  readonly rest: REST;
  /** The REST the bot sends creates through once each (build-dependencies.ts); `rest` when not given. */
  readonly restForCreates?: REST;
  readonly clock: ManualClock;
  readonly owner?: string;
  readonly leaseMs?: number;
}): TournamentEventWorker {
  return createTournamentEventWorker({
    db: input.db,
    rest: input.rest,
    ...(input.restForCreates === undefined ? {} : { restForCreates: input.restForCreates }),
    applicationId: input.fake.applicationId,
    clock: input.clock,
    logger: createLogger({ level: "silent" }),
    config: {
      reminders: { pollMs: 300_000, eventDurationMs: 2 * hour },
      outbox: { leaseMs: input.leaseMs ?? 30_000, pollIntervalMs: 1000 },
    },
    owner: input.owner ?? "worker-1",
    random: () => 0.5,
  });
}
