// docs/architecture.md, "Webhooks in" step 1: the platform retries a delivery for 40 min 30 s with the secret
// it was first signed with, so every secret rotated away within the hour before must still verify, however
// many rotations came after it.
import { describe, expect, it } from "vitest";
import { createWebhookEndpoint, rotateWebhookSecret } from "../../src/store/webhook-endpoints.js";
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

  it("accepts a retry signed with the first secret after three rotations", async () => {
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
});
