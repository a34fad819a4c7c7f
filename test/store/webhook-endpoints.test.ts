import { describe, expect, it } from "vitest";
import { SecretDecryptionError } from "../../src/secrets/secret-box.js";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listGuildWebhookEndpoints,
  rotateWebhookSecret,
  savePlatformWebhookId,
} from "../../src/store/webhook-endpoints.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const box = createTestSecretBox();
const guildId = "100000000000000001";
const day = 86_400_000;

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
      previousSecret: null,
      previousSecretExpiresAt: null,
      eventKinds: ["battle.completed"],
    });
    expect(await findWebhookEndpoint(store.db, box, created.id)).toEqual(created);
    expect(await findWebhookEndpoint(store.db, box, "no-such-endpoint")).toBeUndefined();
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
    expect(await findWebhookEndpoint(store.db, box, created.id)).toMatchObject({
      platformWebhookId: "wh_42",
      updatedAt: testNow + 1,
    });
    expect(
      await savePlatformWebhookId(store.db, { id: "missing", platformWebhookId: "wh_1", now: testNow }),
    ).toBe(false);
  });

  it("rotates the secret, keeping the old one as previous until it expires", async () => {
    const created = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "whsec-old",
      eventKinds: [],
      now: testNow,
    });
    const rotated = await rotateWebhookSecret(store.db, box, {
      id: created.id,
      newSecret: "whsec-new",
      previousSecretExpiresAt: testNow + day,
      now: testNow + 1,
    });
    expect(rotated).toMatchObject({
      secret: "whsec-new",
      previousSecret: "whsec-old",
      previousSecretExpiresAt: testNow + day,
    });
    const again = await rotateWebhookSecret(store.db, box, {
      id: created.id,
      newSecret: "whsec-newer",
      previousSecretExpiresAt: testNow + 2 * day,
      now: testNow + 2,
    });
    expect(again).toMatchObject({ secret: "whsec-newer", previousSecret: "whsec-new" });
    expect(await findWebhookEndpoint(store.db, box, created.id)).toEqual(again);
  });

  it("loses no secret when two rotations run at once", async () => {
    const created = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "s0",
      eventKinds: [],
      now: testNow,
    });
    const rotate = (newSecret: string) =>
      rotateWebhookSecret(store.db, box, {
        id: created.id,
        newSecret,
        previousSecretExpiresAt: testNow + day,
        now: testNow,
      });
    await Promise.all([rotate("s1"), rotate("s2")]);
    const final = await findWebhookEndpoint(store.db, box, created.id);
    const pair = [final?.previousSecret, final?.secret];
    expect([
      ["s1", "s2"],
      ["s2", "s1"],
    ]).toContainEqual(pair);
  });

  it("returns nothing when rotating an endpoint that does not exist", async () => {
    expect(
      await rotateWebhookSecret(store.db, box, {
        id: "missing",
        newSecret: "x",
        previousSecretExpiresAt: testNow,
        now: testNow,
      }),
    ).toBeUndefined();
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
    await expect(findWebhookEndpoint(store.db, box, two.id)).rejects.toThrow(SecretDecryptionError);
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
    expect((await listGuildWebhookEndpoints(store.db, box, guildId)).map((endpoint) => endpoint.id)).toEqual([
      created.id,
    ]);
    expect(await deleteWebhookEndpoint(store.db, { guildId: "other", id: created.id })).toBe(false);
    expect(await deleteWebhookEndpoint(store.db, { guildId, id: created.id })).toBe(true);
    expect(await listGuildWebhookEndpoints(store.db, box, guildId)).toEqual([]);
  });
});
