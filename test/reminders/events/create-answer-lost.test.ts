// A scheduled event's create whose answer is lost after Discord made the event (a 502 on the way back): the bot
// sends a create once (its REST for creates, retries: 0, build-dependencies.ts), so the event is not made twice;
// the next sync finds it by its location and takes it (docs/architecture.md, "Tournament events"). The answer
// is lost by an HTTP proxy on 127.0.0.1 in front of the fake Discord.
import { REST } from "@discordjs/rest";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import { listTournamentEvents } from "../../../src/store/tournament-events.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { useAnswerDroppingProxy } from "../../support/answer-dropping-proxy.js";
import { createEventWorker, cup, hour, useEventWorkerWorld } from "./support/event-worker-world.js";

describe.each(testDatabases().slice(0, 1))("a tournament event's create answer lost on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  const world = useEventWorkerWorld(store, clock);
  const dropping = useAnswerDroppingProxy(() => world.fake.apiUrl);

  it("makes the event once, and takes it over at the next sync", async () => {
    const proxy = dropping.current;
    const api = `${proxy.origin}/api`;
    // As the bot builds them: its shared REST, and the one for creates that never sends a request twice.
    const rest = new REST({ api }).setToken(world.fake.botToken);
    const restForCreates = new REST({ api, retries: 0 }).setToken(world.fake.botToken);
    const worker = createEventWorker({ db: store.db, fake: world.fake, rest, restForCreates, clock });
    proxy.dropNext((method, path) => method === "POST" && path.endsWith("/scheduled-events"));
    await world.showTournaments(cup("t1", clock.now() + 24 * hour));

    await worker.runOnce();
    expect(proxy.dropped).toBe(1);
    const made = world.fake.scheduledEvents.list(world.guild.id);
    expect(made.map((event) => event.name)).toEqual(["Cup t1"]);

    // The row waits out its backoff, then finds the event its create made.
    clock.advance(hour);
    expect(await worker.runOnce()).toEqual(["synced"]);
    expect(world.fake.scheduledEvents.list(world.guild.id).map((event) => event.id)).toEqual([made[0]?.id]);
    const [row] = await listTournamentEvents(store.db, world.guild.id);
    expect(row?.discordEventId).toBe(made[0]?.id);
  });
});
