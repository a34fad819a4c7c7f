// The migration to retired webhook secrets keeps an endpoint's previous secret: it moves there still sealed,
// retired when the 24 hours it had began, so existing data goes on working (src/store/webhook-retired-secrets.ts).
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/store/create-db.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { findWebhookEndpoint } from "../../src/store/webhook-endpoints.js";
import { testDatabases } from "./databases.js";
import { migratorOf } from "./test-migrator.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const box = createTestSecretBox();
const day = 24 * 60 * 60 * 1000;

describe.each(testDatabases())("the retired-secrets migration on $name", (database) => {
  it("moves a previous secret, with the time it was rotated away, and leaves the current one", async () => {
    const empty = await database.createEmpty();
    const store = await createDb(empty.url);
    try {
      const migrator = await migratorOf(store);
      expect((await migrator.migrateTo("2026-11-21T0000_initial")).error).toBeUndefined();
      const id = "AAAAAAAAAAAAAAAAAAAAAA";
      await store.db
        .insertInto("webhook_endpoints")
        .values({
          id,
          guild_id: "100000000000000001",
          platform_webhook_id: "wh_1",
          secret: box.seal("whsec-current", `webhook_endpoints:${id}:secret`),
          previous_secret: box.seal("whsec-previous", `webhook_endpoints:${id}:previous_secret`),
          previous_secret_expires_at: testNow + day,
          event_kinds: "[]",
          created_at: testNow,
          updated_at: testNow,
        } as never)
        .execute();

      // The migrations after it run too; this one runs first.
      expect((await migrateToLatest(store.db))[0]).toBe("2026-11-24T0000_webhook_retired_secrets");
      expect(await findWebhookEndpoint(store.db, box, id, testNow)).toMatchObject({
        secret: "whsec-current",
        retiredSecrets: [{ secret: "whsec-previous", retiredAt: testNow }],
      });
    } finally {
      await store.close();
      await empty.dispose();
    }
  });
});
