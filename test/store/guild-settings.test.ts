import { describe, expect, it } from "vitest";
import { findGuildSettings, saveAdminChannel } from "../../src/store/guild-settings.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";

describe.each(testDatabases())("guild settings on $name", (database) => {
  const store = useMigratedStore(database);

  it("has no settings for a guild it has not seen", async () => {
    expect(await findGuildSettings(store.db, "100000000000000001")).toBeUndefined();
  });

  it("creates settings with an admin channel, then changes and clears it", async () => {
    const guildId = "100000000000000001";
    await saveAdminChannel(store.db, { guildId, adminChannelId: "300000000000000001", now: testNow });
    await saveAdminChannel(store.db, { guildId, adminChannelId: "300000000000000002", now: testNow + 1 });
    expect(await findGuildSettings(store.db, guildId)).toEqual({
      guildId,
      adminChannelId: "300000000000000002",
      createdAt: testNow,
      updatedAt: testNow + 1,
    });
    const cleared = await saveAdminChannel(store.db, { guildId, adminChannelId: null, now: testNow + 2 });
    expect(cleared.adminChannelId).toBeNull();
  });
});
