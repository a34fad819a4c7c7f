// docs/architecture.md, "Webhooks in" step 1: the platform retries a delivery for 40 min 30 s with the secret
// it was first signed with, so the secrets rotated away within the hour before must still verify; the newest
// few only, since each is an HMAC over every delivery's body, signed or not.
import { describe, expect, it } from "vitest";
import { createWebhookEndpoint, rotateWebhookSecret } from "../../src/store/webhook-endpoints.js";
import { maxRetiredSecretsAccepted } from "../../src/store/webhook-retired-secrets.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { battleCompletedData, sign, standardEvent } from "./support/payloads.js";
import { operatorPath, postDelivery, useReceiverPerTest } from "./support/receiver-per-test.js";

const minute = 60_000;
const hour = 60 * minute;

describe.each(testDatabases())("a guild endpoint rotated several times on $name", (database) => {
  const store = useMigratedStore(database);
  const { box, clock, start } = useReceiverPerTest(store);

  async function rotateThreeTimes() {
    const endpoint = await createWebhookEndpoint(store.db, box, {
      guildId: "100000000000000002",
      secret: "whsec_first",
      eventKinds: ["battle.completed"],
      now: clock.now(),
    });
    for (const newSecret of ["whsec_second", "whsec_third", "whsec_fourth"]) {
      clock.advance(2 * minute);
      await rotateWebhookSecret(store.db, box, { id: endpoint.id, newSecret, now: clock.now() });
    }
    return `${operatorPath}/${endpoint.id}`;
  }

  it("accepts a retry signed with the first secret after three rotations, as many as it keeps", async () => {
    expect(maxRetiredSecretsAccepted).toBe(3);
    const { app: receiver } = await start();
    const url = await rotateThreeTimes();
    const signedWith = async (id: string, secret: string) => {
      const body = standardEvent({ id, event: "battle.completed", data: battleCompletedData() });
      return (await postDelivery(receiver, body, { "x-service-signature": sign(body, secret) }, url))
        .statusCode;
    };
    expect(await signedWith("evt_first", "whsec_first")).toBe(200);
    expect(await signedWith("evt_second", "whsec_second")).toBe(200);
    expect(await signedWith("evt_third", "whsec_third")).toBe(200);
    expect(await signedWith("evt_fourth", "whsec_fourth")).toBe(200);
    expect(await signedWith("evt_never", "whsec_never_issued")).toBe(401);
  });

  it("refuses the first secret once an hour has passed since it was rotated away", async () => {
    const { app: receiver } = await start();
    const url = await rotateThreeTimes();
    const body = standardEvent({ id: "evt_late", event: "battle.completed", data: battleCompletedData() });
    const headers = { "x-service-signature": sign(body, "whsec_first") };
    // The first rotation was 4 minutes ago: just under the hour it is still accepted, just past it no more.
    clock.advance(hour - 4 * minute - 1);
    expect((await postDelivery(receiver, body, headers, url)).statusCode).toBe(200);
    clock.advance(1);
    const late = standardEvent({ id: "evt_later", event: "battle.completed", data: battleCompletedData() });
    const response = await postDelivery(
      receiver,
      late,
      { "x-service-signature": sign(late, "whsec_first") },
      url,
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: "invalid_signature" });
    const current = standardEvent({ id: "evt_now", event: "battle.completed", data: battleCompletedData() });
    expect(
      (await postDelivery(receiver, current, { "x-service-signature": sign(current, "whsec_fourth") }, url))
        .statusCode,
    ).toBe(200);
  });

  it("after more rotations than it keeps, accepts the newest retired secrets only and deletes the others", async () => {
    const { app: receiver } = await start();
    const secrets = Array.from({ length: maxRetiredSecretsAccepted + 3 }, (_, index) => `whsec_${index}`);
    const endpoint = await createWebhookEndpoint(store.db, box, {
      guildId: "100000000000000002",
      secret: secrets[0] ?? "",
      eventKinds: ["battle.completed"],
      now: clock.now(),
    });
    for (const newSecret of secrets.slice(1)) {
      clock.advance(minute);
      await rotateWebhookSecret(store.db, box, { id: endpoint.id, newSecret, now: clock.now() });
    }
    const url = `${operatorPath}/${endpoint.id}`;
    const signedWith = async (secret: string) => {
      const body = standardEvent({
        id: `evt_${secret}`,
        event: "battle.completed",
        data: battleCompletedData(),
      });
      return (await postDelivery(receiver, body, { "x-service-signature": sign(body, secret) }, url))
        .statusCode;
    };

    // Newest first: the current secret, then the ones the last rotations replaced, then older ones.
    const newestFirst = [...secrets].reverse();
    const kept = newestFirst.slice(1, 1 + maxRetiredSecretsAccepted);
    const dropped = newestFirst.slice(1 + maxRetiredSecretsAccepted);
    expect(await signedWith(newestFirst[0] ?? "")).toBe(200);
    for (const secret of kept) expect(await signedWith(secret)).toBe(200);
    for (const secret of dropped) expect(await signedWith(secret)).toBe(401);

    const rows = await store.db
      .selectFrom("webhook_retired_secrets")
      .select("retired_at")
      .where("endpoint_id", "=", endpoint.id)
      .orderBy("retired_at", "desc")
      .execute();
    const rotatedAt = (rotation: number) => endpoint.createdAt + rotation * minute;
    expect(rows.map((row) => row.retired_at)).toEqual(
      kept.map((_, index) => rotatedAt(secrets.length - 1 - index)),
    );
  });
});
