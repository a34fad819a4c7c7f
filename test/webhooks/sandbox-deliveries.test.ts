// The platform sandbox as the sender: every kind it emits, in both payload forms, signed and delivered over
// HTTP to the receiver, must be accepted, none dead-lettered (the data shapes are the sandbox's).
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { eventKinds } from "../../src/events/event-kinds.js";
import { listRecentInboxEvents } from "../../src/store/inbox.js";
import { createWebhookEndpoint } from "../../src/store/webhook-endpoints.js";
import { readStoredEvent } from "../../src/events/stored-event.js";
import { startTestSandbox, type TestSandbox } from "../sandbox/support/sandbox.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";
import { buildReceiverApp, operatorSecret } from "./support/receiver-app.js";
import { guildB } from "./support/seed.js";

const [database] = testDatabases();
const guildSecret = "whsec_guild_endpoint_secret";

describe("deliveries from the platform sandbox", () => {
  const store = useMigratedStore(database!);
  const box = createTestSecretBox();
  let sandbox: TestSandbox;
  let receiver: FastifyInstance;
  let base: string;

  beforeEach(async () => {
    sandbox = await startTestSandbox();
    // The receiver's clock is the platform's: an event dated ahead of it by minutes is dropped.
    ({ app: receiver } = await buildReceiverApp({ db: store.db, secretBox: box, clock: sandbox.clock }));
    base = `${await receiver.listen({ port: 0, host: "127.0.0.1" })}/webhooks/platform`;
  });
  afterEach(async () => {
    await sandbox.close();
    await receiver.close();
  });

  async function register(url: string, secret: string, format: "standard" | "legacy"): Promise<string> {
    const response = await sandbox.call("POST", "/api/v1/webhooks", {
      key: sandbox.key("bob"),
      body: { url, secret, events: [...eventKinds], payload_format: format },
    });
    expect(response.status).toBe(201);
    return response.body.id as string;
  }

  async function sendTestEvents(webhookId: string): Promise<void> {
    for (const kind of eventKinds) {
      const response = await sandbox.call("POST", "/api/v1/webhooks/test", {
        key: sandbox.key("bob"),
        body: { webhook_id: webhookId, event: kind, test_data: {} },
      });
      expect(response.body, kind).toMatchObject({ success: true });
    }
  }

  it("accepts a test event of every kind in the standard form on the operator route", async () => {
    await sendTestEvents(await register(base, operatorSecret, "standard"));
    const stored = await listRecentInboxEvents(store.db, { limit: 100 });
    expect(stored.map((event) => [event.kind, event.status, event.error])).toEqual(
      expect.arrayContaining(eventKinds.map((kind) => [kind, "accepted", null])),
    );
    expect(stored).toHaveLength(eventKinds.length);
    for (const event of stored)
      expect(readStoredEvent(event.payload)).toMatchObject({ form: "standard", test: true });
  });

  it("accepts a test event of every kind in the older form on a guild's endpoint", async () => {
    const endpoint = await createWebhookEndpoint(store.db, box, {
      guildId: guildB,
      secret: guildSecret,
      eventKinds: [...eventKinds],
      now: 0,
    });
    await sendTestEvents(await register(`${base}/${endpoint.id}`, guildSecret, "legacy"));
    const stored = await listRecentInboxEvents(store.db, { limit: 100 });
    expect(stored.map((event) => [event.kind, event.status, event.source])).toEqual(
      expect.arrayContaining(eventKinds.map((kind) => [kind, "accepted", endpoint.id])),
    );
    const events = stored.map((event) => readStoredEvent(event.payload));
    expect(events.every((event) => event.form === "older" && event.id.startsWith("sha256:"))).toBe(true);
    expect(events.map((event) => event.test)).toEqual(eventKinds.map(() => true));
    const completed = events.find((event) => event.kind === "battle.completed");
    expect(completed?.data).toMatchObject({
      battleId: "bat_test",
      participants: [{ userId: expect.any(String) }, {}],
    });
  });

  it("accepts deliveries signed without the sha256= prefix, which the spec allows the platform to send", async () => {
    await sandbox.close();
    sandbox = await startTestSandbox({ signatureForm: "bare" });
    await sendTestEvents(await register(base, operatorSecret, "standard"));
    const stored = await listRecentInboxEvents(store.db, { limit: 100 });
    expect(stored.map((event) => event.status)).toEqual(eventKinds.map(() => "accepted"));
  });

  it("stores an event dated ahead of our clock from the platform's retry our clock has caught up with", async () => {
    const minute = 60_000;
    // Our clock 10 minutes behind the platform's, twice the allowance (src/webhooks/future-event.ts).
    const behind = { now: () => sandbox.sandbox.clock.now() - 10 * minute };
    const { app: lagging } = await buildReceiverApp({ db: store.db, secretBox: box, clock: behind });
    onTestFinished(() => lagging.close());
    const url = `${await lagging.listen({ port: 0, host: "127.0.0.1" })}/webhooks/platform`;
    const webhookId = await register(url, operatorSecret, "standard");
    const records = async (list: "deliveries" | "failed_deliveries"): Promise<unknown> =>
      (await sandbox.call("GET", `/api/v1/webhooks/${webhookId}/${list}`, { key: sandbox.key("bob") })).body[
        list
      ];

    await sandbox.call("POST", "/sandbox/users", { body: { username: "early" } });
    await sandbox.sandbox.idle();
    expect(await listRecentInboxEvents(store.db, { limit: 10 })).toEqual([]);
    expect(await records("failed_deliveries")).toEqual([
      expect.objectContaining({ attempts: 1, last_response_code: 425 }),
    ]);

    // The retries 30 s and 2 m 30 s after the first are still dated more than 5 minutes ahead of our clock.
    await sandbox.sandbox.advance(30_000);
    await sandbox.sandbox.advance(2 * minute);
    expect(await listRecentInboxEvents(store.db, { limit: 10 })).toEqual([]);
    expect(await records("failed_deliveries")).toEqual([
      expect.objectContaining({ attempts: 3, last_response_code: 425 }),
    ]);

    // The one 10 m 30 s after: half a minute behind our clock, and stored as any event is.
    await sandbox.sandbox.advance(8 * minute);
    const stored = await listRecentInboxEvents(store.db, { limit: 10 });
    expect(stored.map((event) => [event.kind, event.status])).toEqual([["user.registered", "accepted"]]);
    expect(await records("deliveries")).toEqual([
      expect.objectContaining({ status: "delivered", attempts: 4, response_code: 200 }),
    ]);
    expect(await records("failed_deliveries")).toEqual([]);
  });

  it("accepts a real event as it happens: a new user registering", async () => {
    await register(base, operatorSecret, "standard");
    await sandbox.call("POST", "/sandbox/users", { body: { username: "newcomer" } });
    // Resolves once the delivery attempt got its answer, which the receiver gives after its commit.
    await sandbox.sandbox.idle();
    const stored = await listRecentInboxEvents(store.db, { limit: 100 });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: "user.registered", status: "accepted" });
    expect(readStoredEvent(stored[0]?.payload)).toMatchObject({
      test: false,
      data: { user: { username: "newcomer" } },
    });
  });
});
