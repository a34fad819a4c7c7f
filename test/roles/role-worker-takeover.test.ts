// docs/architecture.md, "Growing past one machine": a dead instance's member role rows are taken over within
// their lease plus a second, however long the poll interval, as the outbox's are (test/outbox/lease-takeover).
import { REST } from "@discordjs/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { systemClock } from "../../src/clock.js";
import type { RoleRowResult } from "../../src/roles/apply-role-outcome.js";
import { createTestRoleWorker } from "./support/test-role-worker.js";
import { saveRoleSyncMode } from "../../src/store/guild-role-settings.js";
import { claimDueMemberRoles } from "../../src/store/member-tier-role-lease.js";
import { queueMemberRating } from "../../src/store/member-tier-roles.js";
import { mapTierRole } from "../../src/store/tier-roles.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";

const leaseMs = 1500;

describe.each(testDatabases())("member role rows of an instance that died, on $name", (database) => {
  const store = useMigratedStore(database);
  let fake: FakeDiscord;
  let rest: REST;

  beforeEach(async () => {
    fake = await createFakeDiscord();
    rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
  });
  afterEach(async () => {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    await fake.close();
  });

  it("are synced by another worker once their lease ends, not at its next poll", async () => {
    const guild = fake.createGuild({ name: "Arena" });
    fake.roles.grantBot(guild.id, ["ManageRoles"]);
    const master = fake.roles.create(guild.id, { name: "Master", position: 1 });
    const now = systemClock.now();
    await saveRoleSyncMode(store.db, { guildId: guild.id, mode: "map", now });
    await mapTierRole(store.db, {
      guildId: guild.id,
      tier: "master",
      roleId: master.id,
      createdByBot: false,
      now,
    });
    const alice = fake.createMember(guild.id, { username: "alice" });
    await queueMemberRating(store.db, {
      guildId: guild.id,
      userId: alice.id,
      platformUserId: "usr_alice",
      rating: 2105,
      tier: "master",
      ratedAt: now,
      cause: "rating",
      now,
    });
    // An instance claims the row and dies.
    const claimed = await claimDueMemberRoles(store.db, { owner: "dead", now, leaseMs, limit: 10 });
    expect(claimed).toHaveLength(1);

    // Counted from `now`, the time the lease was taken at: on a busy machine the awaits between reading the
    // clock and the claim can take longer than the margin below.
    const results: { result: RoleRowResult; elapsed: number }[] = [];
    const survivor = createTestRoleWorker({
      db: store.db,
      rest,
      clock: systemClock,
      applicationId: fake.applicationId,
      owner: "survivor",
      leaseMs: 60_000,
      pollIntervalMs: 3_600_000,
      onResult: (result) => results.push({ result, elapsed: systemClock.now() - now }),
    });
    survivor.start();
    await expect
      .poll(() => fake.roles.ofMember(guild.id, alice.id).map((role) => role.name), { timeout: 10_000 })
      .toEqual(["Master"]);
    await survivor.drain();

    expect(results.map((each) => each.result)).toEqual(["synced"]);
    expect(results[0]?.elapsed).toBeGreaterThanOrEqual(leaseMs - 50);
    // Not at its next poll, an hour away: a bound for a busy machine, not a speed check.
    expect(results[0]?.elapsed).toBeLessThan(leaseMs + 10_000);
  });
});
