// A server's own webhook endpoints in the store (docs/architecture.md, "Webhooks in"): made with a url-safe
// id and found with their secret opened (never one copied from another endpoint's row), the platform's
// webhook id and confirmed kinds recorded, listed and deleted by guild. Rotating their secrets:
// webhook-secret-rotation.test.ts.
import { describe, expect, it } from "vitest";
import { SecretDecryptionError } from "../../src/secrets/secret-box.js";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listGuildWebhookEndpoints,
  savePlatformWebhookId,
} from "../../src/store/webhook-endpoints.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";
import { box, guildId } from "./support/webhook-endpoint-fixtures.js";

describe.each(testDatabases())("webhook endpoints on $name", (database) => {
  const store = useMigratedStore(database);

  it("creates an endpoint with a url-safe id and finds it with its secret opened", async () => {
    const created = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "whsec-one",
      eventKinds: ["battle.completed"],
      now: testNow,
    });
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created).toMatchObject({
      guildId,
      platformWebhookId: null,
      secret: "whsec-one",
      retiredSecrets: [],
      eventKinds: ["battle.completed"],
    });
    expect(await findWebhookEndpoint(store.db, box, created.id, testNow)).toEqual(created);
    expect(await findWebhookEndpoint(store.db, box, "no-such-endpoint", testNow)).toBeUndefined();
  });

  it("records the platform's webhook id", async () => {
    const created = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "s",
      eventKinds: [],
      now: testNow,
    });
    expect(
      await savePlatformWebhookId(store.db, { id: created.id, platformWebhookId: "wh_42", now: testNow + 1 }),
    ).toBe(true);
    expect(await findWebhookEndpoint(store.db, box, created.id, testNow)).toMatchObject({
      platformWebhookId: "wh_42",
      updatedAt: testNow + 1,
    });
    expect(
      await savePlatformWebhookId(store.db, { id: "missing", platformWebhookId: "wh_1", now: testNow }),
    ).toBe(false);
  });

  it("records the kinds the platform confirmed with the webhook id, keeping them when none are given", async () => {
    const created = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "s",
      eventKinds: ["battle.completed"],
      now: testNow,
    });
    const eventKinds = ["battle.completed", "team.created"] as const;
    await savePlatformWebhookId(store.db, {
      id: created.id,
      platformWebhookId: "wh_7",
      eventKinds,
      now: testNow,
    });
    await savePlatformWebhookId(store.db, { id: created.id, platformWebhookId: "wh_8", now: testNow + 1 });
    expect(await findWebhookEndpoint(store.db, box, created.id, testNow)).toMatchObject({
      platformWebhookId: "wh_8",
      eventKinds: ["battle.completed", "team.created"],
    });
  });

  it("refuses a secret copied from another endpoint", async () => {
    const one = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "one",
      eventKinds: [],
      now: testNow,
    });
    const two = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "two",
      eventKinds: [],
      now: testNow,
    });
    const copied = await store.db
      .selectFrom("webhook_endpoints")
      .select("secret")
      .where("id", "=", one.id)
      .executeTakeFirstOrThrow();
    await store.db
      .updateTable("webhook_endpoints")
      .set({ secret: copied.secret })
      .where("id", "=", two.id)
      .execute();
    await expect(findWebhookEndpoint(store.db, box, two.id, testNow)).rejects.toThrow(SecretDecryptionError);
  });

  it("lists a guild's endpoints and deletes one only from its guild", async () => {
    const created = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "s",
      eventKinds: [],
      now: testNow,
    });
    await createWebhookEndpoint(store.db, box, {
      guildId: "other",
      secret: "s",
      eventKinds: [],
      now: testNow,
    });
    expect(
      (await listGuildWebhookEndpoints(store.db, box, guildId, testNow)).map((endpoint) => endpoint.id),
    ).toEqual([created.id]);
    expect(await deleteWebhookEndpoint(store.db, { guildId: "other", id: created.id })).toBe(false);
    expect(await deleteWebhookEndpoint(store.db, { guildId, id: created.id })).toBe(true);
    expect(await listGuildWebhookEndpoints(store.db, box, guildId, testNow)).toEqual([]);
  });
});
