import { describe, expect, it } from "vitest";
import { findInboxEvent, operatorSource } from "../../src/store/inbox.js";
import { keptBodyBytes } from "../../src/webhooks/kept-body.js";
import { webhookBodyLimit } from "../../src/webhooks/webhook-routes.js";
import { buildTestApp } from "../http/support/test-app.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { failSecondOutboxRowOf, removeFault } from "./support/faults.js";
import { battleCompletedData, sign, standardEvent } from "./support/payloads.js";
import { operatorSecret } from "./support/receiver-app.js";
import { operatorPath, postDelivery, useReceiverPerTest } from "./support/receiver-per-test.js";
import { channelOf, guildA, guildB, subscribe } from "./support/seed.js";
import { countStored } from "./support/store-counts.js";

describe.each(testDatabases())("the webhook routes on $name", (database) => {
  const store = useMigratedStore(database);
  const { box, clock, start, closeAfterTest } = useReceiverPerTest(store);

  const completed = (id: string) =>
    standardEvent({ id, event: "battle.completed", data: battleCompletedData() });

  it("acknowledges a signed delivery after storing and routing it", async () => {
    const { app: receiver, metrics } = await start();
    await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["battle.completed"],
    });
    const body = completed("evt_1");

    const response = await postDelivery(receiver, body, {
      "x-service-signature": sign(body, operatorSecret),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "accepted", eventId: "evt_1" });
    expect(await countStored(store.db)).toEqual({ inbox: 1, outbox: 1 });
    expect(metrics.count("received:accepted")).toBe(1);
    expect(metrics.count("enqueued")).toBe(1);
  });

  it("accepts the signature without its prefix and whatever the content type says", async () => {
    const { app: receiver } = await start();
    const body = completed("evt_plain");
    const response = await receiver.inject({
      method: "POST",
      url: operatorPath,
      payload: body,
      headers: { "content-type": "text/plain", "x-service-signature": sign(body, operatorSecret).slice(7) },
    });
    expect(response.json()).toEqual({ status: "accepted", eventId: "evt_plain" });
  });

  it.each([
    [
      "signed with another secret",
      (body: string) => ({ "x-service-signature": sign(body, "a guessed secret") }),
      "bad_signature",
    ],
    [
      "signed over another body",
      () => ({ "x-service-signature": sign(completed("evt_other"), operatorSecret) }),
      "bad_signature",
    ],
    ["without a signature", () => ({}), "missing_signature"],
    ["with an empty signature", () => ({ "x-service-signature": "" }), "bad_signature"],
  ])("refuses a delivery %s with 401 and stores nothing", async (_name, headers, reason) => {
    const { app: receiver, metrics } = await start();
    await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["battle.completed"],
    });
    const body = completed("evt_forged");
    const response = await postDelivery(receiver, body, headers(body));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: "invalid_signature" });
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
    expect(metrics.count(`rejected:${reason}`)).toBe(1);
  });

  it("answers 404 on the operator route while PLATFORM_WEBHOOK_SECRET is unset", async () => {
    const { app: receiver, metrics } = await start({ operatorSecret: undefined });
    const body = completed("evt_1");
    const response = await postDelivery(receiver, body, { "x-service-signature": sign(body, "anything") });
    expect(response.statusCode).toBe(404);
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
    expect(metrics.count("rejected:unknown_endpoint")).toBe(1);
  });

  it("takes a body of exactly 256 KiB and refuses a larger one with 413, storing nothing", async () => {
    const { app: receiver, metrics } = await start();
    const base = completed("evt_big");
    const fits = base + " ".repeat(webhookBodyLimit - Buffer.byteLength(base));
    const tooBig = `${fits} `;
    expect(
      (await postDelivery(receiver, fits, { "x-service-signature": sign(fits, operatorSecret) })).statusCode,
    ).toBe(200);
    await store.db.deleteFrom("inbox_events").execute();

    const response = await postDelivery(receiver, tooBig, {
      "x-service-signature": sign(tooBig, operatorSecret),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: "payload_too_large" });
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
    expect(metrics.count("rejected:body_too_large")).toBe(1);
  });

  it("answers a duplicate with 200 and queues nothing new", async () => {
    const { app: receiver, metrics } = await start();
    await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["battle.completed"],
    });
    const body = completed("evt_dup");
    const headers = { "x-service-signature": sign(body, operatorSecret) };
    await postDelivery(receiver, body, headers);
    const again = await postDelivery(receiver, body, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: "duplicate", eventId: "evt_dup" });
    expect(await countStored(store.db)).toEqual({ inbox: 1, outbox: 1 });
    expect(metrics.count("received:duplicate")).toBe(1);
  });

  it("acknowledges a verified but malformed payload and dead-letters it", async () => {
    const { app: receiver, metrics } = await start();
    const body = '{"id":"evt_broken","event":"battle.completed","data":{"mode":"realtime"}}';
    const response = await postDelivery(receiver, body, {
      "x-service-signature": sign(body, operatorSecret),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "dead", eventId: "evt_broken" });
    expect(await findInboxEvent(store.db, { source: operatorSource, eventId: "evt_broken" })).toMatchObject({
      status: "dead",
      payload: { body },
    });
    expect(metrics.count("received:dead")).toBe(1);
  });

  it("answers a verified 200 KiB malformed body as a small one, keeping only its beginning", async () => {
    const { app: receiver } = await start();
    const padding = "x".repeat(200 * 1024);
    const body = `{"id":"evt_large","event":"battle.completed","data":{"padding":"${padding}"}}`;
    const response = await postDelivery(receiver, body, {
      "x-service-signature": sign(body, operatorSecret),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "dead", eventId: "evt_large" });
    expect(await findInboxEvent(store.db, { source: operatorSource, eventId: "evt_large" })).toMatchObject({
      status: "dead",
      payload: { body: body.slice(0, keptBodyBytes), truncated: true, bytes: body.length },
    });
  });

  it("answers 500 without internals when storing fails part-way, and stores it whole on the retry", async () => {
    const { app: receiver, metrics } = await start();
    for (const guildId of [guildA, guildB]) {
      await subscribe(store.db, { guildId, channelId: channelOf(guildId, 1), kinds: ["battle.completed"] });
    }
    const body = completed("evt_crash");
    const headers = { "x-service-signature": sign(body, operatorSecret) };
    await failSecondOutboxRowOf(store, database, "evt_crash");
    try {
      const failed = await postDelivery(receiver, body, headers);
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ error: "internal_error", requestId: expect.any(String) });
      expect(failed.body).not.toContain("injected fault");
      expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
      expect(metrics.count("failed")).toBe(1);
    } finally {
      await removeFault(store, database);
    }
    const retried = await postDelivery(receiver, body, headers);
    expect(retried.json()).toEqual({ status: "accepted", eventId: "evt_crash" });
    expect(await countStored(store.db)).toEqual({ inbox: 1, outbox: 2 });
  });

  it("stores an unknown kind and ignores it", async () => {
    const { app: receiver } = await start();
    const body = standardEvent({ id: "evt_future", event: "battle.rewound", data: { id: "bat_1" } });
    const response = await postDelivery(receiver, body, {
      "x-service-signature": sign(body, operatorSecret),
    });
    expect(response.json()).toEqual({ status: "ignored", eventId: "evt_future" });
    expect(await countStored(store.db)).toEqual({ inbox: 1, outbox: 0 });
  });

  it("leaves the parsing of the app's other routes alone", async () => {
    const other = await buildTestApp({
      db: store.db,
      secretBox: box,
      clock,
      env: { PLATFORM_WEBHOOK_SECRET: operatorSecret },
    });
    closeAfterTest(other);
    other.post("/echo", (request) => ({
      type: Buffer.isBuffer(request.body) ? "buffer" : typeof request.body,
    }));
    const echoed = await other.inject({ method: "POST", url: "/echo", payload: { a: 1 } });
    expect(echoed.json()).toEqual({ type: "object" });
    const body = completed("evt_after");
    const delivered = await postDelivery(other, body, { "x-service-signature": sign(body, operatorSecret) });
    expect(delivered.json()).toEqual({ status: "accepted", eventId: "evt_after" });
  });
});
