// The queue of Linked Roles connections to write again (docs/architecture.md, "Linked Roles"), in the store:
// which Discord users a platform account's change reaches, coalescing into one row per user, the claim under
// a lease, a finished write overtaken by a newer change, and a write held for whoever queued it.
import { describe, expect, it } from "vitest";
import { saveMemberLink } from "../../src/store/member-links.js";
import { purgeRemovedGuild } from "../../src/store/purge-guild-data.js";
import { recordGuildRemoval } from "../../src/store/guild-removals.js";
import {
  claimDueRoleConnectionWrites,
  findRoleConnectionWrite,
  finishRoleConnectionWrite,
  readNextRoleConnectionLeaseEnd,
  rescheduleRoleConnectionWrite,
} from "../../src/store/role-connection-write-leases.js";
import {
  listVerifiedUsersOf,
  queueHeldRoleConnectionOfUser,
  queueRoleConnectionOfUser,
  queueRoleConnectionWrite,
} from "../../src/store/role-connection-writes.js";
import {
  findRoleConnection,
  markRoleConnectionReverifyNeeded,
  saveRoleConnectionToken,
} from "../../src/store/role-connections.js";
import { recordTierSighting } from "../../src/store/tiers.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const guildA = "100000000000000001";
const guildB = "100000000000000002";
const [ann, ben, cid, dot] = [
  "300000000000000001",
  "300000000000000002",
  "300000000000000003",
  "3000000000004",
];
const leaseMs = 60_000;

describe.each(testDatabases())("the role connection queue on $name", (database) => {
  const store = useMigratedStore(database);
  const box = createTestSecretBox();

  async function link(guildId: string, userId: string, platformUserId: string): Promise<void> {
    await saveMemberLink(store.db, box, {
      guildId,
      userId,
      platformUserId,
      platformUsername: platformUserId,
      credentialKind: "api_key",
      credential: { accessToken: `key-${platformUserId}` },
      now: testNow,
    });
  }
  async function verify(userId: string): Promise<void> {
    await saveRoleConnectionToken(store.db, box, {
      userId,
      credential: { accessToken: `discord-${userId}`, refreshToken: `refresh-${userId}` },
      now: testNow,
    });
  }
  const claim = (owner: string, now: number, limit = 10) =>
    claimDueRoleConnectionWrites(store.db, { owner, now, leaseMs, limit });

  it("finds each verified Discord user linked to the account once, whatever their servers", async () => {
    // ann: linked in two servers to usr_1; ben: a second Discord user of usr_1; cid: usr_1 but never
    // verified; dot: verified, then Discord refused the token.
    await link(guildA, ann, "usr_1");
    await link(guildB, ann, "usr_1");
    await link(guildA, ben, "usr_1");
    await link(guildB, cid, "usr_1");
    await link(guildA, dot, "usr_1");
    for (const userId of [ann, ben, dot]) await verify(userId);
    const refused = await findRoleConnection(store.db, box, dot);
    await markRoleConnectionReverifyNeeded(store.db, {
      userId: dot,
      credentialVersion: refused?.credentialVersion ?? "",
      now: testNow,
    });

    const verifiedOf = (guildId: string | undefined) =>
      listVerifiedUsersOf(store.db, { platformUserIds: ["usr_1", "usr_1", "usr_unknown"], guildId });
    expect(await verifiedOf(undefined)).toEqual(new Map([["usr_1", new Set([ann, ben])]]));
    // A server's own endpoint reaches its members only: ben is not linked in B.
    expect(await verifiedOf(guildB)).toEqual(new Map([["usr_1", new Set([ann])]]));
  });

  it("coalesces many changes into one row, claimed by one worker, and keeps it for a change that came mid-write", async () => {
    for (let change = 0; change < 5; change += 1) {
      await queueRoleConnectionWrite(store.db, {
        userId: ann,
        cause: "user.rating_changed",
        now: testNow + change,
      });
    }
    const [first, second] = await Promise.all([claim("one", testNow + 10), claim("two", testNow + 10)]);
    const claimed = [...first, ...second];
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({
      userId: ann,
      version: 5,
      queuedAt: testNow,
      nextAttemptAt: testNow + 4,
    });
    const owner = first.length === 1 ? "one" : "two";
    const other = owner === "one" ? "two" : "one";
    // Leased: nobody else takes it, and the other worker sleeps no longer than the lease.
    expect(await claim(other, testNow + 20)).toEqual([]);
    expect(
      await readNextRoleConnectionLeaseEnd(store.db, { owner: other, now: testNow + 20 }),
    ).toBeGreaterThan(0);

    // A change while it is written: the finished version 5 leaves the row, given back and due.
    await queueRoleConnectionWrite(store.db, { userId: ann, cause: "battle.completed", now: testNow + 30 });
    expect(await finishRoleConnectionWrite(store.db, { userId: ann, owner, version: 5 })).toBe(false);
    const [again] = await claim(other, testNow + 40);
    expect(again).toMatchObject({ version: 6, cause: "battle.completed" });
    expect(await finishRoleConnectionWrite(store.db, { userId: ann, owner: other, version: 6 })).toBe(true);
    expect(await findRoleConnectionWrite(store.db, ann)).toBeUndefined();
  });

  it("waits out a backoff even when a new change comes, and a dead worker's lease is taken over", async () => {
    await queueRoleConnectionWrite(store.db, { userId: ben, cause: "user.rating_changed", now: testNow });
    await claim("one", testNow);
    await rescheduleRoleConnectionWrite(store.db, {
      userId: ben,
      owner: "one",
      nextAttemptAt: testNow + 5000,
      error: "DiscordUserApiError: PUT answered 503",
      countAttempt: true,
      now: testNow,
    });
    await queueRoleConnectionWrite(store.db, { userId: ben, cause: "user.rating_changed", now: testNow + 1 });
    expect(await findRoleConnectionWrite(store.db, ben)).toMatchObject({
      attempts: 1,
      version: 2,
      nextAttemptAt: testNow + 5000,
    });
    expect(await claim("two", testNow + 4999)).toEqual([]);
    expect(await claim("two", testNow + 5000)).toHaveLength(1);
    // Held by "two": not taken while its lease lasts (on PostgreSQL, on the database's clock).
    expect(await claim("three", testNow + 5001)).toEqual([]);
    // "two" dies with a lease that has ended (0 ms, so the test need not wait on PostgreSQL's clock).
    await rescheduleRoleConnectionWrite(store.db, {
      userId: ben,
      owner: "two",
      nextAttemptAt: testNow + 5000,
      error: "",
      countAttempt: false,
      now: testNow,
    });
    expect(
      await claimDueRoleConnectionWrites(store.db, {
        owner: "two",
        now: testNow + 5000,
        leaseMs: 0,
        limit: 1,
      }),
    ).toHaveLength(1);
    expect(await claim("three", testNow + 5000)).toMatchObject([{ userId: ben, version: 2 }]);
  });

  it("holds a write for whoever queued it until they finish it or their lease ends, and never takes another's", async () => {
    await link(guildA, cid, "usr_3");
    const hold = (owner: string, leaseLength: number) =>
      queueHeldRoleConnectionOfUser(store.db, {
        userId: cid,
        cause: "link",
        now: testNow,
        owner,
        leaseMs: leaseLength,
      });
    // Never verified: nothing queued, nothing held.
    expect(await hold("sign-in", leaseMs)).toEqual({ queued: false, held: undefined });
    await verify(cid);
    expect(await hold("sign-in", leaseMs)).toEqual({ queued: true, held: { owner: "sign-in", version: 1 } });
    // The worker does not take it meanwhile; its holder finishes it.
    expect(await claim("worker", testNow)).toEqual([]);
    expect(await finishRoleConnectionWrite(store.db, { userId: cid, owner: "sign-in", version: 1 })).toBe(
      true,
    );
    expect(await findRoleConnectionWrite(store.db, cid)).toBeUndefined();

    // A holder that stops: its lease ends and the worker takes the row (0 ms, so the test need not wait on
    // PostgreSQL's clock).
    expect(await hold("stopped", 0)).toEqual({ queued: true, held: { owner: "stopped", version: 1 } });
    expect(await claim("worker", testNow)).toMatchObject([{ userId: cid, version: 1 }]);
    // Held by the worker now: another sign-in's change is queued on the row, which stays the worker's, and
    // written again for that change once the worker's older write is done.
    expect(await hold("late", leaseMs)).toEqual({ queued: true, held: undefined });
    expect(await finishRoleConnectionWrite(store.db, { userId: cid, owner: "worker", version: 1 })).toBe(
      false,
    );
    expect(await claim("worker", testNow + 1)).toMatchObject([{ userId: cid, version: 2, cause: "link" }]);
  });

  it("queues an unlinked member who verified, and the verified members of a purged server", async () => {
    await link(guildA, ann, "usr_1");
    await link(guildA, ben, "usr_2");
    await link(guildA, cid, "usr_3");
    await verify(ann);
    await verify(ben);
    expect(await queueRoleConnectionOfUser(store.db, { userId: cid, cause: "unlink", now: testNow })).toBe(
      false,
    );
    expect(await queueRoleConnectionOfUser(store.db, { userId: ann, cause: "unlink", now: testNow })).toBe(
      true,
    );

    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow });
    const purged = await purgeRemovedGuild(store.db, box, {
      guildId: guildA,
      removedBefore: testNow + 1,
      now: testNow + 1,
      queueOAuthTokens: true,
    });
    expect(purged?.roleConnectionsQueued).toBe(2);
    expect(await findRoleConnectionWrite(store.db, ann)).toMatchObject({ version: 2, cause: "guild-purge" });
    expect(await findRoleConnectionWrite(store.db, ben)).toMatchObject({ version: 1, cause: "guild-purge" });
    expect(await findRoleConnectionWrite(store.db, cid)).toBeUndefined();
  });

  it("reaches a personal link through the operator's webhook only, a personal link being in no server", async () => {
    await saveMemberLink(store.db, box, {
      guildId: undefined,
      userId: ann,
      platformUserId: "usr_9",
      platformUsername: "usr_9",
      credentialKind: "api_key",
      credential: { accessToken: "key-usr_9" },
      now: testNow,
    });
    await verify(ann);
    const verifiedOf = (guildId: string | undefined) =>
      listVerifiedUsersOf(store.db, { platformUserIds: ["usr_9"], guildId });

    expect(await verifiedOf(guildA)).toEqual(new Map());
    expect(await verifiedOf(undefined)).toEqual(new Map([["usr_9", new Set([ann])]]));
  });

  it("finds them among more accounts than one statement binds, through server and personal links alike", async () => {
    await link(guildA, ann, "usr_first");
    await saveMemberLink(store.db, box, {
      guildId: undefined,
      userId: ben,
      platformUserId: "usr_last",
      platformUsername: "usr_last",
      credentialKind: "api_key",
      credential: { accessToken: "key-usr_last" },
      now: testNow,
    });
    for (const userId of [ann, ben]) await verify(userId);
    const others = Array.from({ length: 2_500 }, (_, index) => `usr_other_${index}`);

    const verified = await listVerifiedUsersOf(store.db, {
      platformUserIds: ["usr_first", ...others, "usr_last"],
      guildId: undefined,
    });
    expect(verified).toEqual(
      new Map([
        ["usr_first", new Set([ann])],
        ["usr_last", new Set([ben])],
      ]),
    );
  });

  it("queues every verified user when a sighting moves a tier in the learned order, and none otherwise", async () => {
    for (const userId of [ann, ben]) {
      await saveRoleConnectionToken(store.db, box, {
        userId,
        credential: { accessToken: `discord-${userId}` },
        now: testNow,
      });
    }
    const queued = async () =>
      (await store.db.selectFrom("role_connection_writes").select(["user_id", "version"]).execute())
        .map((row) => `${row.user_id}@${row.version}`)
        .sort();
    const see = (tier: string, rating: number | undefined, now = testNow) =>
      recordTierSighting(store.db, { tier, rating, now });

    // Learned in rising order, each new tier above the others: no rank written before changes.
    await see("platinum", 2000);
    await see("grandmaster", 2600);
    await see("platinum", 2100);
    await see("legend", undefined);
    expect(await queued()).toEqual([]);

    // Gold comes below both: platinum's rank was 1, now 2, so each connection is written again.
    await see("gold", 1500);
    expect(await queued()).toEqual([`${ann}@1`, `${ben}@1`]);

    // Seen lower than before but still above gold: the order stands.
    await see("platinum", 1900);
    expect(await queued()).toEqual([`${ann}@1`, `${ben}@1`]);
    // The unrated tier's first rating puts it below grandmaster: ranks move again.
    await see("legend", 2400);
    expect(await queued()).toEqual([`${ann}@2`, `${ben}@2`]);
  });
});
