// Changing PLATFORM_WEBHOOK_SECRET and restarting keeps the platform's pending retries (docs/architecture.md,
// "Webhooks in" step 1): the bot, built again on the same database with the new secret, still accepts
// deliveries signed with the one it last ran with for an hour, then refuses them.
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { buildBot, type BuiltBot } from "../../src/bot/build-bot.js";
import { ManualClock } from "../../src/clock.js";
import { createLogger } from "../../src/logger.js";
import { generateKeySpec } from "../../src/secrets/key-ring.js";
import { testDatabases, type EmptyDatabase } from "../store/databases.js";
import { battleCompletedData, sign, standardEvent } from "../webhooks/support/payloads.js";
import { builtBatchedWritesModule } from "../e2e/support/bot-process.js";
import { loadTestBotConfig } from "../support/test-bot-config.js";

const hour = 60 * 60 * 1000;
const oldSecret = "OLD-operator-secret-0123456789abcdef-recognisable";
const newSecret = "NEW-operator-secret-fedcba9876543210-recognisable";
const encryptionKeys = generateKeySpec("test");

// A restart must reach the same data: SQLite in memory is new at each open.
const sharedDatabases = testDatabases().filter((database) => database.shared);

describe.each(sharedDatabases)(
  "the operator webhook after a restart with a new secret on $name",
  (database) => {
    let empty: EmptyDatabase | undefined;
    let built: BuiltBot | undefined;
    afterEach(async () => {
      await built?.stop();
      built = undefined;
      await empty?.dispose();
      empty = undefined;
    });

    async function startBot(secret: string, clock: ManualClock, lines: string[] = []) {
      await built?.stop();
      const config = loadTestBotConfig({
        DATABASE_URL: empty?.url ?? "",
        ENCRYPTION_KEYS: encryptionKeys,
        PLATFORM_WEBHOOK_SECRET: secret,
      });
      const destination = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      built = await buildBot(config, createLogger({ level: "info" }, destination), {
        clock,
        gateway: false,
        batchedWritesModule: builtBatchedWritesModule(),
      });
      return built;
    }

    async function deliver(bot: BuiltBot, id: string, secret: string): Promise<number> {
      const body = standardEvent({ id, event: "battle.completed", data: battleCompletedData() });
      const response = await bot.http.inject({
        method: "POST",
        url: "/webhooks/platform",
        payload: body,
        headers: { "content-type": "application/json", "x-service-signature": sign(body, secret) },
      });
      return response.statusCode;
    }

    // Each start migrates and opens the database afresh: generous room for a loaded machine.
    it(
      "accepts the old secret for an hour after the restart, then refuses it",
      { timeout: 60_000 },
      async () => {
        empty = await database.createEmpty();
        const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
        expect(await deliver(await startBot(oldSecret, clock), "evt_before", oldSecret)).toBe(200);

        clock.advance(10 * 60_000);
        const lines: string[] = [];
        const restarted = await startBot(newSecret, clock, lines);
        expect(await deliver(restarted, "evt_new", newSecret)).toBe(200);
        expect(await deliver(restarted, "evt_retry", oldSecret)).toBe(200);
        expect(await deliver(restarted, "evt_never", "a-secret-never-configured-0123456789")).toBe(401);
        const changed = lines.filter((line) => line.includes("PLATFORM_WEBHOOK_SECRET changed"));
        expect(changed).toHaveLength(1);
        expect(JSON.parse(changed[0] ?? "{}")).toMatchObject({ acceptedUntil: "2026-12-01T13:10:00.000Z" });
        expect(lines.join("")).not.toContain("recognisable");

        // Just under the hour since the restart the old secret still verifies; at the hour, no more.
        clock.advance(hour - 1);
        expect(await deliver(restarted, "evt_late_retry", oldSecret)).toBe(200);
        clock.advance(1);
        expect(await deliver(restarted, "evt_too_late", oldSecret)).toBe(401);
        expect(await deliver(restarted, "evt_current", newSecret)).toBe(200);

        // A further restart with the same secret retires nothing, and the old one stays refused.
        const again = await startBot(newSecret, clock);
        expect(await deliver(again, "evt_after_restart", oldSecret)).toBe(401);
        expect(await deliver(again, "evt_after_restart_new", newSecret)).toBe(200);
      },
    );

    it(
      "keeps the old secret's hour from the first restart, not from a later one",
      { timeout: 60_000 },
      async () => {
        empty = await database.createEmpty();
        const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
        await startBot(oldSecret, clock);
        await startBot(newSecret, clock);
        clock.advance(hour - 1);
        const restartedAgain = await startBot(newSecret, clock);
        expect(await deliver(restartedAgain, "evt_retry", oldSecret)).toBe(200);
        clock.advance(1);
        expect(await deliver(restartedAgain, "evt_too_late", oldSecret)).toBe(401);
      },
    );
  },
);
