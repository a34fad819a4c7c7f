// docs/architecture.md, "Webhooks in" step 1: each start records PLATFORM_WEBHOOK_SECRET; one the bot last
// ran with that differs is retired then and accepted for an hour, stored only sealed.
import { describe, expect, it } from "vitest";
import { createKeyRing, generateKeySpec } from "../../src/secrets/key-ring.js";
import { createSecretBox } from "../../src/secrets/secret-box.js";
import {
  pruneRetiredOperatorSecrets,
  recordOperatorWebhookSecret,
} from "../../src/store/operator-webhook-secrets.js";
import { maxRetiredSecretsAccepted } from "../../src/store/webhook-retired-secrets.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const hour = 60 * 60 * 1000;
const first = "OPERATOR-SECRET-FIRST-4d1c-recognisable-0123456789";
const second = "OPERATOR-SECRET-SECOND-8e2f-recognisable-0123456789";

describe.each(testDatabases())("the operator's webhook secrets on $name", (database) => {
  const store = useMigratedStore(database);
  const box = createTestSecretBox();
  const record = (secret: string | undefined, now: number) =>
    recordOperatorWebhookSecret(store.db, box, { secret, now });

  it("records the first secret and, started again with it, retires nothing", async () => {
    expect(await record(first, testNow)).toEqual({
      accepted: { secret: first, retiredSecrets: [] },
      retiredNow: 0,
    });
    expect(await record(first, testNow + hour)).toEqual({
      accepted: { secret: first, retiredSecrets: [] },
      retiredNow: 0,
    });
    expect(await store.db.selectFrom("operator_webhook_secrets").select("id").execute()).toHaveLength(1);
  });

  it("retires the secret it last ran with when started with another", async () => {
    await record(first, testNow);
    const later = testNow + 5 * 60_000;
    expect(await record(second, later)).toEqual({
      accepted: { secret: second, retiredSecrets: [{ secret: first, retiredAt: later }] },
      retiredNow: 1,
    });
    // Started again with the new secret, the old one keeps its retirement time, not a new hour.
    expect(await record(second, later + 10 * 60_000)).toEqual({
      accepted: { secret: second, retiredSecrets: [{ secret: first, retiredAt: later }] },
      retiredNow: 0,
    });
  });

  it("stores the secrets only sealed", async () => {
    await record(first, testNow);
    await record(second, testNow + 1);
    const rows = await store.db.selectFrom("operator_webhook_secrets").selectAll().execute();
    expect(rows).toHaveLength(2);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(first);
    expect(text).not.toContain(second);
    expect(text).not.toContain("recognisable");
  });

  it("retires the secret when PLATFORM_WEBHOOK_SECRET is unset, and accepts nothing", async () => {
    await record(first, testNow);
    expect(await record(undefined, testNow + 1)).toEqual({ accepted: undefined, retiredNow: 1 });
    // Set again to another within the hour, the one unset is still accepted until its hour ends.
    expect(await record(second, testNow + 2)).toEqual({
      accepted: { secret: second, retiredSecrets: [{ secret: first, retiredAt: testNow + 1 }] },
      retiredNow: 0,
    });
  });

  it("forgets a retired secret once its hour is over, at the next start or the hourly clean-up", async () => {
    await record(first, testNow);
    await record(second, testNow);
    expect(await record(second, testNow + hour - 1)).toMatchObject({
      accepted: { retiredSecrets: [{ secret: first }] },
    });
    expect(await record(second, testNow + hour)).toMatchObject({ accepted: { retiredSecrets: [] } });
    expect(await store.db.selectFrom("operator_webhook_secrets").select("id").execute()).toHaveLength(1);

    await record(first, testNow + 2 * hour);
    expect(await pruneRetiredOperatorSecrets(store.db, testNow + 3 * hour - 1)).toBe(0);
    expect(await pruneRetiredOperatorSecrets(store.db, testNow + 3 * hour)).toBe(1);
  });

  it("keeps several secrets retired within the hour, newest first", async () => {
    const third = "OPERATOR-SECRET-THIRD-0a9b-recognisable-0123456789";
    await record(first, testNow);
    await record(second, testNow + 1000);
    expect(await record(third, testNow + 2000)).toEqual({
      accepted: {
        secret: third,
        retiredSecrets: [
          { secret: second, retiredAt: testNow + 2000 },
          { secret: first, retiredAt: testNow + 1000 },
        ],
      },
      retiredNow: 1,
    });
  });

  it("keeps the newest retired secrets it accepts after more restarts with other secrets, and deletes the rest", async () => {
    const restarts = maxRetiredSecretsAccepted + 2;
    const secretOf = (start: number) => `OPERATOR-SECRET-${start}-recognisable-0123456789`;
    let started: Awaited<ReturnType<typeof record>> | undefined;
    for (let start = 0; start <= restarts; start += 1)
      started = await record(secretOf(start), testNow + start);
    expect(started?.accepted).toEqual({
      secret: secretOf(restarts),
      retiredSecrets: Array.from({ length: maxRetiredSecretsAccepted }, (_, index) => ({
        secret: secretOf(restarts - 1 - index),
        retiredAt: testNow + restarts - index,
      })),
    });
    const rows = await store.db.selectFrom("operator_webhook_secrets").select("id").execute();
    expect(rows).toHaveLength(1 + maxRetiredSecretsAccepted);
  });

  it("retires a secret once when two instances start with the new one together", async () => {
    await record(first, testNow);
    const [a, b] = await Promise.all([record(second, testNow + 1), record(second, testNow + 1)]);
    expect(a.retiredNow + b.retiredNow).toBe(1);
    for (const started of [a, b]) {
      expect(started.accepted).toEqual({
        secret: second,
        retiredSecrets: [{ secret: first, retiredAt: testNow + 1 }],
      });
    }
    const current = await store.db
      .selectFrom("operator_webhook_secrets")
      .select("id")
      .where("retired_at", "is", null)
      .execute();
    expect(current).toHaveLength(1);
  });

  it("starts when a stored secret opens with no key of the ring, retiring it unread", async () => {
    const lostBox = createSecretBox(createKeyRing(generateKeySpec("lost")));
    await recordOperatorWebhookSecret(store.db, lostBox, { secret: first, now: testNow });
    expect(await record(first, testNow + 1)).toEqual({
      accepted: { secret: first, retiredSecrets: [] },
      retiredNow: 1,
    });
  });
});
