// The rows of lease-only tables left by an instance that stopped while holding them (src/store/leases.ts,
// pruneEndedLeases): gone once their lease ended, while a lease still held stays. A lease taken with a
// negative length has already ended on either database's lease clock (PostgreSQL's own time, SQLite's the
// test's).
import { describe, expect, it } from "vitest";
import { pruneEndedLeases } from "../../src/store/leases.js";
import { takeLinkRefreshLease } from "../../src/store/link-refresh-leases.js";
import { takeWebhookChangeLease } from "../../src/store/webhook-change-leases.js";
import { testDatabases, useMigratedStore } from "./databases.js";

describe.each(testDatabases())("ended leases on $name", (database) => {
  const store = useMigratedStore(database);

  it("are deleted, and held ones kept", async () => {
    const now = Date.now();
    const ended = { owner: "stopped", now, leaseMs: -1000 };
    const held = { owner: "running", now, leaseMs: 60_000 };
    await takeWebhookChangeLease(store.db, { guildId: "100000000000000001", ...ended });
    await takeWebhookChangeLease(store.db, { guildId: "100000000000000002", ...held });
    await takeLinkRefreshLease(store.db, { linkKey: "100000000000000001:300000000000000001", ...ended });
    await takeLinkRefreshLease(store.db, { linkKey: "personal:300000000000000002", ...held });

    expect(await pruneEndedLeases(store.db, now)).toBe(2);

    const webhookLeases = await store.db.selectFrom("webhook_change_leases").select("guild_id").execute();
    expect(webhookLeases).toEqual([{ guild_id: "100000000000000002" }]);
    const refreshLeases = await store.db.selectFrom("link_refresh_leases").select("link_key").execute();
    expect(refreshLeases).toEqual([{ link_key: "personal:300000000000000002" }]);
    expect(await pruneEndedLeases(store.db, now)).toBe(0);
  });
});
