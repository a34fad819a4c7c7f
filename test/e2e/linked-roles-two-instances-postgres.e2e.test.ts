// docs/architecture.md, "Linked Roles", "Growing past one machine": two bot instances on one PostgreSQL, each
// receiving some of the platform's signed rating changes and both role connection workers claiming at once.
// The fake Discord sees exactly one connection write per change: the change is queued in its webhook's commit,
// and one worker at a time holds the queued row under its lease (FOR UPDATE SKIP LOCKED).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningBot } from "../../src/bot/build-bot.js";
import { findRoleConnectionWrite } from "../../src/store/role-connection-write-leases.js";
import { postgresUrl } from "../store/databases.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import {
  createFreshPostgresDatabase,
  type FreshPostgresDatabase,
} from "./support/fresh-postgres-database.js";
import {
  changeRating,
  linkedRolesOptions,
  platformUser,
  readConnectionOverHttp,
  setUpLinkedRoles,
  verifyLinkedRoles,
} from "./support/linked-roles-world.js";
import { keyOf } from "./support/sandbox-keys.js";
import { waitUntil } from "./support/wait-until.js";

describe.skipIf(postgresUrl === undefined)(
  "Linked Roles connections from two instances on one PostgreSQL (runs only when TEST_DATABASE_URL is set)",
  () => {
    let database: FreshPostgresDatabase;
    let world: EndToEnd;
    let instances: RunningBot[];

    beforeAll(async () => {
      database = await createFreshPostgresDatabase(postgresUrl!, "role_connections");
      world = await startEndToEnd(linkedRolesOptions({ DATABASE_URL: database.url }));
      await setUpLinkedRoles(world);
      // Linked before the second instance starts: both on the same gateway shard would both answer /link.
      await linkMember(world, world.members.alice.id, keyOf(world, "alice"));
      await verifyLinkedRoles(world, world.members.alice.id);
      await world.discord.oauth2.waitForRoleConnection(world.members.alice.id);
      instances = [world.bot, await world.startAnotherBot({})];
    }, 60_000);
    afterAll(async () => {
      await world.close();
      await database.drop();
    });

    const aliceId = () => world.members.alice.id;
    const writtenRatings = () =>
      world.discord.oauth2.roleConnectionWrites(aliceId()).map((connection) => connection.metadata.rating);
    const queueEmpties = () =>
      waitUntil(async () => (await findRoleConnectionWrite(world.bot.deps.db, aliceId())) === undefined, {
        timeoutMs: 10_000,
        what: "the queued write to finish",
      });

    it("writes each rating change once, whichever instance received it", async () => {
      const ratings = [platformUser(world, "alice").rating];
      for (let change = 1; change <= 4; change += 1) {
        const rating = ratings[0]! + change * 11;
        const receiver = instances[change % 2]!;
        await changeRating(world, receiver, "alice", rating);
        // Both workers look at the same moment, besides the receiver's wake and both loops.
        await Promise.all(instances.map((instance) => instance.roleConnections.runOnce()));
        await world.discord.oauth2.waitForRoleConnection(
          aliceId(),
          (connection) => connection.metadata.rating === String(rating),
          15_000,
        );
        // Once the row is gone nothing is left to write: the count is final.
        await queueEmpties();
        ratings.push(rating);
        expect(writtenRatings()).toEqual(ratings.map(String));
      }
      expect((await readConnectionOverHttp(world, aliceId())).metadata.rating).toBe(String(ratings.at(-1)));
    });

    it("coalesces a burst of changes into at most one write each, the last showing the final rating", async () => {
      const before = writtenRatings().length;
      const start = platformUser(world, "alice").rating;
      const burst = [1, 2, 3, 4, 5, 6].map((step) => start - step * 3);
      for (const [index, rating] of burst.entries()) {
        await changeRating(world, instances[index % 2]!, "alice", rating);
      }
      const final = String(burst.at(-1));
      await world.discord.oauth2.waitForRoleConnection(
        aliceId(),
        (connection) => connection.metadata.rating === final,
        15_000,
      );
      await queueEmpties();
      const written = writtenRatings().slice(before);
      expect(written.length).toBeGreaterThanOrEqual(1);
      expect(written.length).toBeLessThanOrEqual(burst.length);
      expect(written.at(-1)).toBe(final);
      expect((await readConnectionOverHttp(world, aliceId())).metadata.rating).toBe(final);
    });
  },
);
