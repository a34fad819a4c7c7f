// docs/architecture.md, "Tournament events", "Growing past one machine": a tournament's event is synced under
// its row's lease, and a worker whose lease ended while it waited on Discord makes no event: another worker
// holds the row by then, and both making it would leave the server two events of one tournament. On SQLite,
// whose lease clock is the test's.
import { REST } from "@discordjs/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type FakeGuild } from "../../../fake-discord/index.js";
import { ManualClock } from "../../../src/clock.js";
import { createLogger } from "../../../src/logger.js";
import {
  createTournamentEventWorker,
  type TournamentEventWorker,
} from "../../../src/reminders/events/tournament-event-worker.js";
import { enableTournamentEvents } from "../../../src/store/tournament-event-settings.js";
import { syncTournamentEventRows } from "../../../src/store/tournament-event-row-sync.js";
import { listTournamentEvents } from "../../../src/store/tournament-events.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "../../store/databases.js";

const sqliteInMemory = testDatabases()[0] as TestDatabase;
const hour = 3_600_000;
const leaseMs = 30_000;

describe("a tournament's event when a worker's lease ends while it waits on Discord", () => {
  const store = useMigratedStore(sqliteInMemory);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  let fake: FakeDiscord;
  let guild: FakeGuild;
  /** Each worker's own client, as each instance has. */
  const clients: REST[] = [];

  beforeEach(async () => {
    fake = await createFakeDiscord({ clock });
    guild = fake.createGuild({ name: "Arena" });
    fake.roles.grantBot(guild.id, ["CreateEvents"]);
  });
  afterEach(async () => {
    for (const rest of clients.splice(0)) {
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
    }
    await fake.close();
  });

  function createWorker(owner: string): TournamentEventWorker {
    const rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
    clients.push(rest);
    return createTournamentEventWorker({
      db: store.db,
      rest,
      applicationId: fake.applicationId,
      clock,
      logger: createLogger({ level: "silent" }),
      config: {
        reminders: { pollMs: 300_000, eventDurationMs: 2 * hour },
        outbox: { leaseMs, pollIntervalMs: 1000 },
      },
      owner,
      random: () => 0.5,
    });
  }

  it("makes the event once when another worker took the row over meanwhile", async () => {
    await enableTournamentEvents(store.db, {
      guildId: guild.id,
      enabledBy: "200000000000000009",
      now: clock.now(),
    });
    const startsAt = clock.now() + hour;
    await syncTournamentEventRows(store.db, {
      guildId: guild.id,
      wanted: [
        {
          tournamentId: "t1",
          name: "Cup t1",
          description: "Format: elimination",
          location: "Register in Discord: /tournament register id:t1",
          startsAt,
          endsAt: startsAt + 2 * hour,
        },
      ],
      openIds: new Set(["t1"]),
      complete: true,
      now: clock.now(),
      limit: 100,
    });
    // Both workers look for an event made before a crash before either makes one, as two instances do at once.
    const looks = fake.holdResponses("GET", new RegExp(`^/guilds/${guild.id}/scheduled-events$`));
    const first = createWorker("worker-1").runOnce();
    await looks.waitForCaught(1);
    clock.advance(leaseMs + 1);
    const second = createWorker("worker-2").runOnce();
    await looks.waitForCaught(2);
    looks.release();
    await Promise.all([first, second]);

    expect(fake.scheduledEvents.list(guild.id)).toHaveLength(1);
    const [row] = await listTournamentEvents(store.db, guild.id);
    expect(row?.discordEventId).toBe(fake.scheduledEvents.list(guild.id)[0]?.id);
  });
});
