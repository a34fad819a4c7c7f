import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendOutboxMessage } from "../../src/discord/send-message.js";
import { createOutboxWorker, type OutboxResult } from "../../src/outbox/index.js";
import { createDb, type Store } from "../../src/store/create-db.js";
import { claimDueOutbox } from "../../src/store/outbox-lease.js";
import { countPendingOutbox } from "../../src/store/outbox.js";
import { testDatabases, type TestDatabase } from "../store/databases.js";
import { useOutboxWorld } from "./support/outbox-world.js";
import { renderTestAnnouncement } from "./support/test-renderer.js";

describe.each(testDatabases())("a crash between Discord's answer and the commit, on $name", (database) => {
  const world = useOutboxWorld(database);

  // The lease ends by moving the manual clock, which is the lease clock on SQLite only; on PostgreSQL the same
  // crash is test/e2e/multi-instance-postgres.e2e.test.ts, and a lease's end test/outbox/lease-takeover.test.ts.
  it.skipIf(database.dialect === "postgres")(
    "still leaves one message: the retry's nonce returns the first post",
    async () => {
      const target = await world.subscribeChannel("battles");
      const id = await world.enqueuePost(target);
      // A worker claims the row, Discord accepts its post, and the process dies before marking it delivered.
      const [claimed] = await claimDueOutbox(world.db, {
        owner: "crashed-worker",
        now: world.clock.now(),
        leaseMs: 60_000,
        limit: 1,
      });
      if (claimed === undefined) throw new Error("expected the row to be claimed");
      const message = await renderTestAnnouncement(world.db)(claimed);
      const firstMessageId = await sendOutboxMessage(world.createRest(), claimed, message ?? {});
      const worker = world.createWorker({ owner: "worker-2", leaseMs: 60_000 });

      const whileLeased = await worker.runOnce();
      world.clock.advance(60_000);
      const afterLease = await worker.runOnce();

      expect(whileLeased).toEqual([]);
      expect(afterLease).toEqual([
        expect.objectContaining({ outcome: "delivered", messageId: firstMessageId }),
      ]);
      expect(world.fake.messages(target.channelId)).toHaveLength(1);
      expect(world.fake.stats.channelMessagesCreated).toBe(1);
      expect(await world.entry(id)).toMatchObject({ status: "delivered", postedMessageId: firstMessageId });
    },
  );
});

const sharedDatabases = testDatabases().filter((database) => database.shared);

describe.each(sharedDatabases)("two bot processes sharing $name", (database: TestDatabase) => {
  const world = useOutboxWorld(database);
  let secondStore: Store | undefined;
  beforeAll(async () => {
    secondStore = await createDb(world.storeUrl);
  });
  afterAll(async () => {
    await secondStore?.close();
  });

  it("post each announcement once, whichever process claims it", async () => {
    const channels = [];
    for (let index = 0; index < 12; index++) channels.push(await world.subscribeChannel(`channel-${index}`));
    for (const channel of channels) await world.enqueuePost(channel, { title: `To ${channel.channel.name}` });
    const db = secondStore?.db;
    if (db === undefined) throw new Error("the second store opens in beforeAll");
    const workers = [
      world.createWorker({ owner: "process-a", batchSize: 3 }),
      createOutboxWorker({
        db,
        rest: world.createRest(),
        sources: { fallback: { render: renderTestAnnouncement(db) } },
        clock: world.clock,
        logger: world.logger,
        owner: "process-b",
        batchSize: 3,
      }),
    ];

    const resultsByWorker: OutboxResult[][] = [[], []];
    while ((await countPendingOutbox(world.db)) > 0) {
      const rounds = await Promise.all(workers.map((worker) => worker.runOnce()));
      rounds.forEach((round, index) => resultsByWorker[index]?.push(...round));
    }

    const outcomes = resultsByWorker.flat().map((result) => result.outcome);
    expect(outcomes).toEqual(Array(12).fill("delivered"));
    expect(resultsByWorker.map((results) => results.length > 0)).toEqual([true, true]);
    for (const channel of channels)
      expect(world.contents(channel.channelId)).toEqual([`To ${channel.channel.name}`]);
    expect(world.fake.stats.channelMessagesCreated).toBe(12);
  });
});
