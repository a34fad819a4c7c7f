// The bot's periodic jobs (docs/architecture.md, "The core"): the outbox's prune of posted rows and old inbox
// events is one of them, run by the one job runner like every other prune, rather than on a timer of the
// outbox worker's own, which stopped with the worker when Discord refused its token.
import { afterEach, describe, expect, it } from "vitest";
import { buildDependencies, type BotParts } from "../../src/bot/build-dependencies.js";
import { listBackgroundJobs } from "../../src/bot/list-background-jobs.js";
import { ManualClock } from "../../src/clock.js";
import { createLogger } from "../../src/logger.js";
import { generateKeySpec } from "../../src/secrets/key-ring.js";
import { findInboxEvent } from "../../src/store/inbox.js";
import { markOutboxDelivered } from "../../src/store/outbox-lease.js";
import { findOutboxEntry } from "../../src/store/outbox.js";
import { builtBatchedWritesModule } from "../e2e/support/bot-process.js";
import { testNow } from "../store/secret-box-fixture.js";
import { enqueue } from "../store/support/outbox-fixtures.js";
import { loadTestBotConfig } from "../support/test-bot-config.js";

const day = 24 * 60 * 60_000;

describe("the bot's background jobs", () => {
  let parts: BotParts | undefined;
  afterEach(async () => {
    await parts?.store.close();
    parts = undefined;
  });

  it("prune the outbox's posted rows and the inbox events only they named, once a day", async () => {
    const clock = new ManualClock(testNow);
    const config = loadTestBotConfig({
      DATABASE_URL: ":memory:",
      ENCRYPTION_KEYS: generateKeySpec("test"),
    });
    const built = await buildDependencies(config, createLogger({ level: "silent" }), {
      clock,
      gateway: false,
      batchedWritesModule: builtBatchedWritesModule(),
    });
    parts = built;
    const { db } = built.store;
    const posted = await enqueue(db, "evt_posted");
    await markOutboxDelivered(db, { id: posted, postedMessageId: "m1", now: testNow });
    const waiting = await enqueue(db, "evt_waiting");
    clock.advance(8 * day);

    const prune = listBackgroundJobs(built).find(
      (job) => job.name === "prune delivered outbox rows and old inbox events",
    );
    expect(prune?.everyMs).toBe(day);
    await prune?.run();

    expect(await findOutboxEntry(db, posted)).toBeUndefined();
    expect(await findInboxEvent(db, { source: "operator", eventId: "evt_posted" })).toBeUndefined();
    expect(await findOutboxEntry(db, waiting)).toMatchObject({ status: "pending" });
    expect(await findInboxEvent(db, { source: "operator", eventId: "evt_waiting" })).toBeDefined();
  });
});
