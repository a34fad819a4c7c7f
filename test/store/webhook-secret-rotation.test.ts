// Rotating a webhook endpoint's secret (docs/architecture.md, "Webhooks in"): each retired secret kept with
// when it was retired, newest first, and opened only while it is accepted (the newest few, for an hour:
// src/store/webhook-retired-secrets.ts); a refused rotation undone, no secret lost to two rotations at once,
// and the retired secrets deleted with their endpoint.
import { describe, expect, it } from "vitest";
import { SecretDecryptionError } from "../../src/secrets/secret-box.js";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listGuildWebhookEndpoints,
  restoreWebhookSecret,
  rotateWebhookSecret,
} from "../../src/store/webhook-endpoints.js";
import {
  maxRetiredSecretsAccepted,
  pruneRetiredSecrets,
  retiredSecretAcceptanceMs,
} from "../../src/store/webhook-retired-secrets.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";
import { box, guildId } from "./support/webhook-endpoint-fixtures.js";

const hour = 3_600_000;

describe.each(testDatabases())("webhook secret rotation on $name", (database) => {
  const store = useMigratedStore(database);

  it("rotates the secret, keeping every retired one with when it was retired, newest first", async () => {
    const created = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "whsec-old",
      eventKinds: [],
      now: testNow,
    });
    const rotated = await rotateWebhookSecret(store.db, box, {
      id: created.id,
      newSecret: "whsec-new",
      now: testNow + 1,
    });
    expect(rotated).toMatchObject({
      secret: "whsec-new",
      retiredSecrets: [{ secret: "whsec-old", retiredAt: testNow + 1 }],
    });
    const again = await rotateWebhookSecret(store.db, box, {
      id: created.id,
      newSecret: "whsec-newer",
      now: testNow + 2,
    });
    expect(again).toMatchObject({
      secret: "whsec-newer",
      retiredSecrets: [
        { secret: "whsec-new", retiredAt: testNow + 2 },
        { secret: "whsec-old", retiredAt: testNow + 1 },
      ],
    });
    expect(await findWebhookEndpoint(store.db, box, created.id, testNow + 2)).toEqual(again);
  });

  it("keeps at a rotation the newest retired secrets it accepts, and deletes the older ones", async () => {
    const created = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "s0",
      eventKinds: [],
      now: testNow,
    });
    const rotations = maxRetiredSecretsAccepted + 2;
    for (let rotation = 1; rotation <= rotations; rotation += 1) {
      await rotateWebhookSecret(store.db, box, {
        id: created.id,
        newSecret: `s${rotation}`,
        now: testNow + rotation,
      });
    }
    const newest = Array.from({ length: maxRetiredSecretsAccepted }, (_, index) => ({
      secret: `s${rotations - 1 - index}`,
      retiredAt: testNow + rotations - index,
    }));
    expect(await findWebhookEndpoint(store.db, box, created.id, testNow + rotations)).toMatchObject({
      secret: `s${rotations}`,
      retiredSecrets: newest,
    });
    const rows = await store.db.selectFrom("webhook_retired_secrets").select("retired_at").execute();
    expect(rows.map((row) => row.retired_at).sort()).toEqual(
      newest.map((retired) => retired.retiredAt).sort(),
    );
  });

  it("opens no retired secret it does not accept: one past its hour not yet pruned, or one older than the newest", async () => {
    const created = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "current",
      eventKinds: [],
      now: testNow,
    });
    // Sealed for another row, so opening one would throw (as "refuses a secret copied from another endpoint").
    const unopenable = box.seal("elsewhere", "webhook_endpoints:elsewhere:previous_secret");
    const retire = (id: string, secret: string, retiredAt: number) =>
      store.db
        .insertInto("webhook_retired_secrets")
        .values({ id, endpoint_id: created.id, secret, retired_at: retiredAt })
        .execute();
    const sealed = (secret: string) => box.seal(secret, `webhook_endpoints:${created.id}:previous_secret`);
    const now = testNow + retiredSecretAcceptanceMs;
    await retire("expired", unopenable, testNow);
    await retire("older", unopenable, now - 10);
    for (let index = 1; index <= maxRetiredSecretsAccepted; index += 1) {
      await retire(`newer${index}`, sealed(`newer${index}`), now - 10 + index);
    }
    const newestFirst = Array.from({ length: maxRetiredSecretsAccepted }, (_, index) => ({
      secret: `newer${maxRetiredSecretsAccepted - index}`,
      retiredAt: now - 10 + maxRetiredSecretsAccepted - index,
    }));
    expect((await findWebhookEndpoint(store.db, box, created.id, now))?.retiredSecrets).toEqual(newestFirst);
    const [listed] = await listGuildWebhookEndpoints(store.db, box, guildId, now);
    expect(listed?.retiredSecrets).toEqual(newestFirst);
    // What reading a row would have done: opened it, and thrown.
    expect(() => box.open(unopenable, `webhook_endpoints:${created.id}:previous_secret`)).toThrow(
      SecretDecryptionError,
    );
  });

  it("forgets retired secrets an hour old at the next rotation or clean-up", async () => {
    const created = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "s0",
      eventKinds: [],
      now: testNow,
    });
    await rotateWebhookSecret(store.db, box, { id: created.id, newSecret: "s1", now: testNow });
    const later = await rotateWebhookSecret(store.db, box, {
      id: created.id,
      newSecret: "s2",
      now: testNow + hour,
    });
    expect(later?.retiredSecrets.map((retired) => retired.secret)).toEqual(["s1"]);
    expect(await pruneRetiredSecrets(store.db, testNow + 2 * hour - 1)).toBe(0);
    expect(await pruneRetiredSecrets(store.db, testNow + 2 * hour)).toBe(1);
    expect(
      (await findWebhookEndpoint(store.db, box, created.id, testNow + 2 * hour))?.retiredSecrets,
    ).toEqual([]);
  });

  it("restores the secret a refused rotation replaced and drops the refused one", async () => {
    const created = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "whsec-kept",
      eventKinds: [],
      now: testNow,
    });
    await rotateWebhookSecret(store.db, box, {
      id: created.id,
      newSecret: "whsec-refused",
      now: testNow + 5,
    });
    await restoreWebhookSecret(store.db, box, {
      id: created.id,
      refused: "whsec-refused",
      rotatedAt: testNow + 5,
      now: testNow + 6,
    });
    expect(await findWebhookEndpoint(store.db, box, created.id, testNow + 6)).toMatchObject({
      secret: "whsec-kept",
      retiredSecrets: [],
    });
  });

  it("leaves a rotation made since a refused one was undone as it stands", async () => {
    // Admin B rotates s0 → sB; admin A rotates sB → sA, which the platform takes; then B's PATCH is refused.
    const created = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "s0",
      eventKinds: [],
      now: testNow,
    });
    await rotateWebhookSecret(store.db, box, { id: created.id, newSecret: "sB", now: testNow + 1 });
    await rotateWebhookSecret(store.db, box, { id: created.id, newSecret: "sA", now: testNow + 2 });
    expect(
      await restoreWebhookSecret(store.db, box, {
        id: created.id,
        refused: "sB",
        rotatedAt: testNow + 1,
        now: testNow + 3,
      }),
    ).toBe(false);
    const endpoint = await findWebhookEndpoint(store.db, box, created.id, testNow + 3);
    expect(endpoint?.secret).toBe("sA");
    expect(endpoint?.retiredSecrets.map((retired) => retired.secret)).toEqual(["sB", "s0"]);
  });

  it("loses no secret when two rotations run at once", async () => {
    const created = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "s0",
      eventKinds: [],
      now: testNow,
    });
    const rotate = (newSecret: string) =>
      rotateWebhookSecret(store.db, box, { id: created.id, newSecret, now: testNow });
    await Promise.all([rotate("s1"), rotate("s2")]);
    const final = await findWebhookEndpoint(store.db, box, created.id, testNow);
    const all = [final?.secret, ...(final?.retiredSecrets ?? []).map((retired) => retired.secret)];
    expect(all.sort()).toEqual(["s0", "s1", "s2"]);
  });

  it("returns nothing when rotating an endpoint that does not exist", async () => {
    expect(
      await rotateWebhookSecret(store.db, box, { id: "missing", newSecret: "x", now: testNow }),
    ).toBeUndefined();
  });

  it("deletes the retired secrets with their endpoint", async () => {
    const created = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "s0",
      eventKinds: [],
      now: testNow,
    });
    await rotateWebhookSecret(store.db, box, { id: created.id, newSecret: "s1", now: testNow });
    expect(await deleteWebhookEndpoint(store.db, { guildId, id: created.id })).toBe(true);
    expect(await store.db.selectFrom("webhook_retired_secrets").selectAll().execute()).toEqual([]);
  });
});
