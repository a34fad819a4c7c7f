// The receiver over real HTTP on 127.0.0.1, as the platform reaches it.
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/store/create-db.js";
import { findInboxEvent, operatorSource } from "../../src/store/inbox.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { battleCompletedData, sign, standardEvent } from "./support/payloads.js";
import { operatorSecret, type ReceiverOptions } from "./support/receiver-app.js";
import { operatorPath, useReceiverPerTest } from "./support/receiver-per-test.js";
import { channelOf, guildA, subscribe } from "./support/seed.js";
import { countStored } from "./support/store-counts.js";

describe.each(testDatabases())("the receiver over HTTP on $name", (database) => {
  const store = useMigratedStore(database);
  const { start, closeApp } = useReceiverPerTest(store);

  async function listen(options: Partial<ReceiverOptions> = {}): Promise<string> {
    const { app } = await start(options);
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    return `${address}${operatorPath}`;
  }

  async function send(url: string, body: string, headers: Record<string, string>) {
    const response = await fetch(url, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...headers },
    });
    return { status: response.status, body: await response.json() };
  }

  const signed = (body: string, secret = operatorSecret) => ({ "x-service-signature": sign(body, secret) });

  it("stores and acknowledges a signed delivery, then answers its retry as a duplicate", async () => {
    const url = await listen();
    await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["battle.completed"],
    });
    const body = standardEvent({ id: "evt_http", event: "battle.completed", data: battleCompletedData() });

    expect(await send(url, body, signed(body))).toEqual({
      status: 200,
      body: { status: "accepted", eventId: "evt_http" },
    });
    expect(await send(url, body, signed(body))).toEqual({
      status: 200,
      body: { status: "duplicate", eventId: "evt_http" },
    });
    expect(await countStored(store.db)).toEqual({ inbox: 1, outbox: 1 });
  });

  it.runIf(database.dialect === "postgres")(
    "answers 503 while PostgreSQL takes no writes, as a standby or a demoted primary answers",
    async () => {
      // A real read-only session: every write fails with SQLSTATE 25006, as during a failover.
      const url = new URL(store.url);
      url.searchParams.set(
        "options",
        `${url.searchParams.get("options") ?? ""} -c default_transaction_read_only=on`,
      );
      const readOnly = await createDb(url.toString());
      try {
        const { app } = await start({ db: readOnly.db });
        const address = `${await app.listen({ port: 0, host: "127.0.0.1" })}${operatorPath}`;
        const body = standardEvent({ id: "evt_ro", event: "battle.completed", data: battleCompletedData() });
        expect(await send(address, body, signed(body))).toEqual({
          status: 503,
          body: { error: "database_unavailable", requestId: expect.any(String) },
        });
        await closeApp();
      } finally {
        await readOnly.close();
      }
      expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
    },
  );

  it("refuses a forgery with 401 and stores nothing", async () => {
    const url = await listen();
    const body = standardEvent({ id: "evt_forged", event: "battle.completed", data: battleCompletedData() });
    expect(await send(url, body, signed(body, "whsec_guess"))).toEqual({
      status: 401,
      body: { error: "invalid_signature" },
    });
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
  });

  it("refuses a body over 256 KiB with 413", async () => {
    const url = await listen();
    const body = standardEvent({
      id: "evt_huge",
      event: "battle.completed",
      data: { id: "bat_1", pad: "x".repeat(300_000) },
    });
    expect(await send(url, body, signed(body))).toEqual({
      status: 413,
      body: { error: "payload_too_large" },
    });
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
  });

  it("acknowledges a malformed payload and dead-letters it; stores an unknown kind and ignores it", async () => {
    const url = await listen();
    const broken = '{"id":"evt_broken","event":"battle.completed","data":[]}';
    expect(await send(url, broken, signed(broken))).toEqual({
      status: 200,
      body: { status: "dead", eventId: "evt_broken" },
    });
    expect(await findInboxEvent(store.db, { source: operatorSource, eventId: "evt_broken" })).toMatchObject({
      status: "dead",
    });
    const future = standardEvent({ id: "evt_future", event: "arena.opened", data: {} });
    expect(await send(url, future, signed(future))).toEqual({
      status: 200,
      body: { status: "ignored", eventId: "evt_future" },
    });
  });

  it("applies the allowlist to the connection's address, and to X-Forwarded-For only from a trusted proxy", async () => {
    const body = standardEvent({ event: "battle.completed", data: battleCompletedData() });
    const viaProxy = { ...signed(body), "x-forwarded-for": "140.82.112.5" };

    const platformOnly = await listen({ allowedSources: ["platform"] });
    expect((await send(platformOnly, body, viaProxy)).status).toBe(403);
    await closeApp();

    const behindProxy = await listen({ allowedSources: ["platform"], trustedProxies: ["loopback"] });
    expect((await send(behindProxy, body, viaProxy)).status).toBe(200);
    expect((await send(behindProxy, body, signed(body))).status).toBe(403);
    await closeApp();

    const local = await listen({ allowedSources: ["127.0.0.1"] });
    expect((await send(local, body, signed(body))).status).toBe(200);
  });
});
