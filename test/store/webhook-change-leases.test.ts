// The lease a change of a server's webhook runs under (src/store/webhook-change-leases.ts): one holder at a
// time, given back by its holder only, and free again once it ends (an instance that stopped holding it).
import { describe, expect, it } from "vitest";
import { releaseWebhookChangeLease, takeWebhookChangeLease } from "../../src/store/webhook-change-leases.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "./databases.js";

const guildId = "100000000000000001";
const now = Date.UTC(2026, 0, 1);

describe.each(testDatabases())("webhook change leases on $name", (database) => {
  const store = useMigratedStore(database);

  it("has one holder per server until it gives the lease back", async () => {
    const take = (owner: string, server = guildId) =>
      takeWebhookChangeLease(store.db, { guildId: server, owner, now, leaseMs: 60_000 });
    expect(await take("run-a")).toEqual({ taken: true });
    expect(await take("run-b")).toEqual({ taken: false, heldSince: now });
    expect(await take("run-c", "100000000000000009")).toEqual({ taken: true });
    await releaseWebhookChangeLease(store.db, { guildId, owner: "run-b" });
    expect(await take("run-b")).toEqual({ taken: false, heldSince: now });
    await releaseWebhookChangeLease(store.db, { guildId, owner: "run-a" });
    expect(await take("run-b")).toEqual({ taken: true });
  });
});

describe("a webhook change lease whose holder stopped, on SQLite (whose lease clock is the test's)", () => {
  const store = useMigratedStore(testDatabases()[0] as TestDatabase);

  it("is free once it ends", async () => {
    const take = (owner: string, at: number) =>
      takeWebhookChangeLease(store.db, { guildId, owner, now: at, leaseMs: 60_000 });
    expect(await take("stopped", now)).toEqual({ taken: true });
    expect(await take("next", now + 59_999)).toEqual({ taken: false, heldSince: now });
    expect(await take("next", now + 60_000)).toEqual({ taken: true });
    const [row] = await store.db.selectFrom("webhook_change_leases").selectAll().execute();
    expect(row).toMatchObject({ lease_owner: "next", started_at: now + 60_000 });
  });
});
