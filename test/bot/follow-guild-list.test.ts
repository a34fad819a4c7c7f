// docs/architecture.md, "When the bot leaves a server": in HTTP interactions mode the bot's server list, read
// from the fake Discord, is what tells a removal. A server set up with tournament events alone is one the bot
// must still be in: once the list leaves it out it is recorded as removed, and purged after the grace period.
import { REST } from "@discordjs/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { checkGuildList } from "../../src/bot/follow-guild-list.js";
import { purgeRemovedGuilds } from "../../src/bot/purge-removed-guilds.js";
import { ManualClock } from "../../src/clock.js";
import { createLogger } from "../../src/logger.js";
import { findGuildRemoval } from "../../src/store/guild-removals.js";
import {
  enableTournamentEvents,
  findTournamentEventSettings,
} from "../../src/store/tournament-event-settings.js";
import { syncTournamentEventRows } from "../../src/store/tournament-event-row-sync.js";
import { listTournamentEvents } from "../../src/store/tournament-events.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";

const day = 24 * 3_600_000;
const adminId = "200000000000000009";

describe.each(testDatabases())("the server list check on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  let fake: FakeDiscord;
  let rest: REST;

  beforeEach(async () => {
    fake = await createFakeDiscord({ clock });
    rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
  });
  afterEach(async () => {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    await fake.close();
  });

  const deps = () => ({
    db: store.db,
    secretBox: createTestSecretBox(),
    rest,
    clock,
    logger: createLogger({ level: "silent" }),
    guildDataGraceMs: 30 * day,
    queueOAuthTokens: true,
  });

  it("records a server set up with tournament events alone as removed once the list leaves it out, and purges it later", async () => {
    const guildId = fake.createGuild({ name: "Events only" }).id;
    await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: clock.now() });
    await syncTournamentEventRows(store.db, {
      guildId,
      wanted: [
        {
          tournamentId: "t1",
          name: "Cup t1",
          description: "Format: elimination",
          location: "Register in Discord: /tournament register id:t1",
          startsAt: clock.now() + day,
          endsAt: clock.now() + day + 7_200_000,
        },
      ],
      openIds: new Set(["t1"]),
      complete: true,
      now: clock.now(),
      limit: 100,
    });
    expect(await checkGuildList(deps())).toEqual({ removed: 0, resumed: 0 });

    fake.removeBotFromGuild(guildId);
    expect(await checkGuildList(deps())).toEqual({ removed: 1, resumed: 0 });
    expect(await findGuildRemoval(store.db, guildId)).toEqual({ guildId, removedAt: clock.now() });

    clock.advance(30 * day + 1);
    expect(await purgeRemovedGuilds(deps())).toEqual([guildId]);
    expect(await findTournamentEventSettings(store.db, guildId)).toBeUndefined();
    expect(await listTournamentEvents(store.db, guildId)).toEqual([]);
    // Nothing is left to judge: the next pass records nothing again.
    expect(await checkGuildList(deps())).toEqual({ removed: 0, resumed: 0 });
  });
});
