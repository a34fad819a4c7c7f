import { describe, expect, it } from "vitest";
import { saveMemberLink } from "../../src/store/member-links.js";
import {
  findPlatformUser,
  listServerLeaderboard,
  savePlatformUser,
  saveRatingFromEvent,
} from "../../src/store/platform-users.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const box = createTestSecretBox();
const guildId = "100000000000000001";

describe.each(testDatabases())("platform users on $name", (database) => {
  const store = useMigratedStore(database);

  async function link(userId: string, platformUserId: string, inGuild = guildId): Promise<void> {
    await saveMemberLink(store.db, box, {
      guildId: inGuild,
      userId,
      platformUserId,
      platformUsername: platformUserId,
      credentialKind: "api_key",
      credential: { accessToken: "key" },
      now: testNow,
    });
  }

  it("records a user and keeps fields an update leaves out", async () => {
    await savePlatformUser(store.db, {
      platformUserId: "u-1",
      username: "alice",
      rating: 1500,
      tier: "gold",
      now: testNow,
    });
    const renamed = await savePlatformUser(store.db, {
      platformUserId: "u-1",
      username: "alice2",
      now: testNow + 1,
    });
    // The rating was last seen at testNow: a rename alone does not make it newer.
    expect(renamed).toEqual({
      platformUserId: "u-1",
      username: "alice2",
      rating: 1500,
      tier: "gold",
      updatedAt: testNow,
    });
    await savePlatformUser(store.db, {
      platformUserId: "u-1",
      username: "alice2",
      rating: 1512,
      tier: null,
      now: testNow + 2,
    });
    expect(await findPlatformUser(store.db, "u-1")).toMatchObject({ rating: 1512, tier: null });
    expect(await findPlatformUser(store.db, "u-unknown")).toBeUndefined();
  });

  it("takes a rating event created before a rename saved after it, as the rating it holds is older", async () => {
    await savePlatformUser(store.db, {
      platformUserId: "u-1",
      username: "alice",
      rating: 1500,
      now: testNow,
    });
    // A /profile edit a minute later saves the username alone.
    await savePlatformUser(store.db, { platformUserId: "u-1", username: "alice2", now: testNow + 60_000 });
    // The platform's event, created between the two, arrives after the edit (a retried delivery).
    const changed = await saveRatingFromEvent(store.db, {
      platformUserId: "u-1",
      rating: 1530,
      tier: "gold",
      createdAt: testNow + 30_000,
    });
    expect(changed).toBe(true);
    expect(await findPlatformUser(store.db, "u-1")).toEqual({
      platformUserId: "u-1",
      username: "alice2",
      rating: 1530,
      tier: "gold",
      updatedAt: testNow + 30_000,
    });
  });

  it("ranks this guild's linked members by rating, leaving out unrated users and other guilds", async () => {
    await savePlatformUser(store.db, {
      platformUserId: "u-1",
      username: "alice",
      rating: 1500,
      now: testNow,
    });
    await savePlatformUser(store.db, { platformUserId: "u-2", username: "bob", rating: 1700, now: testNow });
    await savePlatformUser(store.db, { platformUserId: "u-3", username: "carol", now: testNow });
    await savePlatformUser(store.db, { platformUserId: "u-4", username: "dave", rating: 2000, now: testNow });
    await link("201", "u-1");
    await link("202", "u-2");
    await link("203", "u-3");
    await link("204", "u-4", "100000000000000002");
    const rows = await listServerLeaderboard(store.db, { guildId, limit: 10 });
    expect(rows.map((row) => [row.userId, row.username, row.rating])).toEqual([
      ["202", "bob", 1700],
      ["201", "alice", 1500],
    ]);
    const secondPage = await listServerLeaderboard(store.db, { guildId, limit: 1, offset: 1 });
    expect(secondPage.map((row) => row.username)).toEqual(["alice"]);
  });
});
