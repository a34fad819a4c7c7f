// A stop against a request already taken: POST /interactions checks that the bot is not stopping, then records
// the interaction's id (a database write) before the handler runs. A stop that starts in between must still
// wait for that handler, which goes on using the database after the HTTP answer.
import type { FastifyInstance } from "fastify";
import type { Kysely, KyselyPlugin, QueryId } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createInFlightInteractions,
  type InFlightInteractions,
} from "../../src/discord/in-flight-interactions.js";
import { ManualClock } from "../../src/clock.js";
import { readInteractionPublicKey } from "../../src/http/interaction-signature.js";
import { createLogger } from "../../src/logger.js";
import { createDb } from "../../src/store/create-db.js";
import type { Database } from "../../src/store/database.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import {
  commandInteraction,
  createApplicationKeys,
  createGate,
  createTestCommands,
  createTestDispatcher,
  signInteraction,
  type TestCommands,
} from "./interaction-fixtures.js";
import { buildTestApp } from "./support/test-app.js";

const keys = createApplicationKeys();
const timestamp = "1730000000";
const clock = new ManualClock(1_730_000_060_000);

/** Holds the result of the write recording an interaction id until the test opens `release`. */
function holdSeenInteractionWrites(): { plugin: KyselyPlugin; reached: Promise<void>; release(): void } {
  const held = new WeakSet<QueryId>();
  const release = createGate();
  let reach: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  return {
    reached,
    release: () => {
      release.open();
    },
    plugin: {
      transformQuery({ node, queryId }) {
        if (node.kind === "InsertQueryNode" && node.into?.table.identifier.name === "seen_interactions")
          held.add(queryId);
        return node;
      },
      async transformResult({ result, queryId }) {
        if (held.has(queryId)) {
          reach();
          await release.opened;
        }
        return result;
      },
    },
  };
}

describe("POST /interactions while the bot begins to stop", () => {
  let app: FastifyInstance;
  let inFlight: InFlightInteractions;
  let testCommands: TestCommands;
  let store: { db: Kysely<Database>; destroy(): Promise<void> };
  let hold: ReturnType<typeof holdSeenInteractionWrites>;

  beforeEach(async () => {
    const logger = createLogger({ level: "silent" });
    testCommands = createTestCommands();
    inFlight = createInFlightInteractions(logger);
    const opened = await createDb(":memory:");
    await migrateToLatest(opened.db);
    store = { db: opened.db, destroy: () => opened.close() };
    hold = holdSeenInteractionWrites();
    app = await buildTestApp({
      logger,
      clock,
      db: store.db.withPlugin(hold.plugin),
      interactions: {
        publicKey: readInteractionPublicKey(keys.publicKeyHex),
        dispatch: createTestDispatcher(testCommands.commands, logger),
        inFlight,
      },
    });
  });
  afterEach(async () => {
    hold.release();
    testCommands.slowGate.open();
    await inFlight.drain();
    await app.close();
    await store.destroy();
  });

  it("waits for the handler of an interaction whose id was still being recorded when the stop began", async () => {
    const body = JSON.stringify(commandInteraction("slow"));
    const response = app.inject({
      method: "POST",
      url: "/interactions",
      headers: {
        "content-type": "application/json",
        "x-signature-ed25519": signInteraction(keys.privateKey, timestamp, body),
        "x-signature-timestamp": timestamp,
      },
      payload: body,
    });
    await hold.reached;
    const drained = inFlight.drain().then(() => [...testCommands.finished]);
    hold.release();
    expect((await response).json()).toEqual({ type: 5, data: { flags: 64 } });
    testCommands.slowGate.open();
    expect(await drained).toEqual(["slow"]);
  });
});
