// docs/architecture.md, "Tier roles": a rating change queues the member's tier role in the transaction that
// stores the event, in every guild where they are linked and roles are on, and the newest rating wins.
import { describe, expect, it } from "vitest";
import { saveRoleSyncMode } from "../../src/store/guild-role-settings.js";
import { findMemberTierRole } from "../../src/store/member-tier-roles.js";
import { findPlatformUser, savePlatformUser } from "../../src/store/platform-users.js";
import { listTiers } from "../../src/store/tiers.js";
import type { EventSource } from "../../src/webhooks/event-source.js";
import { testDatabases } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";
import { ratingChangedData, standardEvent } from "../webhooks/support/payloads.js";
import { guildA, guildB, guildC, linkMember } from "../webhooks/support/seed.js";
import { useIngesting } from "../webhooks/support/ingesting.js";

const alice = "200000000000000001";
const endpointOfB: EventSource = { type: "endpoint", endpointId: "endpointOfGuildB00000", guildId: guildB };
const box = createTestSecretBox();

function ratingEvent(input: { id: string; created: string; newRating: number; tier?: string | undefined }) {
  const data: Record<string, unknown> = { ...ratingChangedData("usr_alice", 2000, input.newRating) };
  if (input.tier === undefined) delete data.tier;
  else data.tier = input.tier;
  return standardEvent({ id: input.id, event: "user.rating_changed", created: input.created, data });
}

describe.each(testDatabases())("tier roles queued by events on $name", (database) => {
  const { store, clock, ingest } = useIngesting(database);

  async function linkAliceEverywhere(): Promise<void> {
    for (const guildId of [guildA, guildB, guildC]) {
      await linkMember(store.db, box, { guildId, userId: alice, platformUserId: "usr_alice" });
    }
    await saveRoleSyncMode(store.db, { guildId: guildA, mode: "create", now: clock.now() });
    await saveRoleSyncMode(store.db, { guildId: guildB, mode: "map", now: clock.now() });
  }

  it("queues the new rating and tier where the player is linked and roles are on, and learns the tiers", async () => {
    await linkAliceEverywhere();
    const result = await ingest(
      ratingEvent({ id: "evt_1", created: "2026-11-21T10:00:00.000Z", newRating: 2105, tier: "Master" }),
    );
    expect(result).toMatchObject({ status: "accepted", rolesQueued: 2 });
    for (const guildId of [guildA, guildB]) {
      expect(await findMemberTierRole(store.db, { guildId, userId: alice })).toMatchObject({
        rating: 2105,
        tier: "master",
        cause: "rating",
        pending: true,
        ratedAt: Date.parse("2026-11-21T10:00:00.000Z"),
      });
    }
    expect(await findMemberTierRole(store.db, { guildId: guildC, userId: alice })).toBeUndefined();
    expect((await listTiers(store.db)).map((tier) => [tier.tier, tier.lowestRating])).toEqual([
      ["silver", 2000],
      ["master", 2105],
    ]);
  });

  it("keeps the newest rating when an older event arrives later", async () => {
    await linkAliceEverywhere();
    await ingest(
      ratingEvent({ id: "evt_new", created: "2026-11-21T10:05:00.000Z", newRating: 2105, tier: "master" }),
    );
    const late = await ingest(
      ratingEvent({ id: "evt_old", created: "2026-11-21T10:00:00.000Z", newRating: 1900, tier: "diamond" }),
    );
    expect(late).toEqual({ status: "accepted", eventId: "evt_old", enqueued: 0 });
    expect(await findMemberTierRole(store.db, { guildId: guildA, userId: alice })).toMatchObject({
      rating: 2105,
      tier: "master",
    });
  });

  it("asks the worker to read the tier when the event leaves it out", async () => {
    await linkAliceEverywhere();
    await ingest(
      ratingEvent({ id: "evt_1", created: "2026-11-21T10:00:00.000Z", newRating: 2105, tier: undefined }),
    );
    expect(await findMemberTierRole(store.db, { guildId: guildA, userId: alice })).toMatchObject({
      rating: 2105,
      tier: null,
      tierLookup: true,
    });
  });

  it("confines a guild endpoint's event to its guild and learns no tier from it", async () => {
    await linkAliceEverywhere();
    const result = await ingest(
      ratingEvent({ id: "evt_1", created: "2026-11-21T10:00:00.000Z", newRating: 9999, tier: "Overlord" }),
      endpointOfB,
    );
    expect(result).toMatchObject({ rolesQueued: 1 });
    expect(await findMemberTierRole(store.db, { guildId: guildA, userId: alice })).toBeUndefined();
    // A tier never seen from the platform itself is read with the member's credential instead.
    expect(await findMemberTierRole(store.db, { guildId: guildB, userId: alice })).toMatchObject({
      rating: 9999,
      tierLookup: true,
    });
    expect(await listTiers(store.db)).toEqual([]);
  });

  it("refreshes the read model from the operator's events only, and never with an older one", async () => {
    const seen = Date.parse("2026-11-21T09:00:00.000Z");
    await savePlatformUser(store.db, {
      platformUserId: "usr_alice",
      username: "alice",
      rating: 2000,
      tier: "master",
      now: seen,
    });
    await ingest(
      ratingEvent({
        id: "evt_endpoint",
        created: "2026-11-21T10:00:00.000Z",
        newRating: 9999,
        tier: "master",
      }),
      endpointOfB,
    );
    expect(await findPlatformUser(store.db, "usr_alice")).toMatchObject({ rating: 2000 });
    await ingest(
      ratingEvent({ id: "evt_new", created: "2026-11-21T10:05:00.000Z", newRating: 1990, tier: "diamond" }),
    );
    await ingest(
      ratingEvent({ id: "evt_old", created: "2026-11-21T09:30:00.000Z", newRating: 2010, tier: "master" }),
    );
    expect(await findPlatformUser(store.db, "usr_alice")).toMatchObject({ rating: 1990, tier: "diamond" });
  });
});
