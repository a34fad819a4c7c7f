import { describe, expect, it } from "vitest";
import { createWebhookEndpoint, rotateWebhookSecret } from "../../src/store/webhook-endpoints.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";
import { battleCompletedData, sign, standardEvent } from "./support/payloads.js";
import { operatorSecret } from "./support/receiver-app.js";
import { operatorPath, postDelivery, useReceiverPerTest } from "./support/receiver-per-test.js";
import { channelOf, guildA, guildB, subscribe } from "./support/seed.js";
import { countStored } from "./support/store-counts.js";

describe.each(testDatabases())("a guild's own webhook endpoint on $name", (database) => {
  const store = useMigratedStore(database);
  const { box, clock, start } = useReceiverPerTest(store);

  const completed = (id: string) =>
    standardEvent({ id, event: "battle.completed", data: battleCompletedData() });
  async function createEndpoint(secret = "whsec_guild_b_secret") {
    return createWebhookEndpoint(store.db, box, {
      guildId: guildB,
      secret,
      eventKinds: ["battle.completed"],
      now: clock.now(),
    });
  }

  it("accepts deliveries signed with its secret and routes them to its guild only", async () => {
    const { app: receiver } = await start();
    const endpoint = await createEndpoint();
    for (const guildId of [guildA, guildB]) {
      await subscribe(store.db, { guildId, channelId: channelOf(guildId, 1), kinds: ["battle.completed"] });
    }
    const body = completed("evt_b");
    const response = await postDelivery(
      receiver,
      body,
      { "x-service-signature": sign(body, endpoint.secret) },
      `${operatorPath}/${endpoint.id}`,
    );
    expect(response.json()).toEqual({ status: "accepted", eventId: "evt_b" });
    const rows = await store.db.selectFrom("outbox").select("guild_id").execute();
    expect(rows).toEqual([{ guild_id: guildB }]);
  });

  it("refuses a delivery signed with the operator secret or another endpoint's secret", async () => {
    const { app: receiver } = await start();
    const endpoint = await createEndpoint();
    const other = await createEndpoint("whsec_someone_else");
    const body = completed("evt_b");
    for (const secret of [operatorSecret, other.secret]) {
      const response = await postDelivery(
        receiver,
        body,
        { "x-service-signature": sign(body, secret) },
        `${operatorPath}/${endpoint.id}`,
      );
      expect(response.statusCode).toBe(401);
    }
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
  });

  it("accepts the previous secret during a rotation and refuses it once that ends", async () => {
    const { app: receiver } = await start();
    const endpoint = await createEndpoint("whsec_before_rotation");
    await rotateWebhookSecret(store.db, box, {
      id: endpoint.id,
      newSecret: "whsec_after_rotation",
      now: clock.now(),
    });
    const url = `${operatorPath}/${endpoint.id}`;
    const signedWith = (body: string, secret: string) =>
      postDelivery(receiver, body, { "x-service-signature": sign(body, secret) }, url);

    expect((await signedWith(completed("evt_old"), "whsec_before_rotation")).statusCode).toBe(200);
    expect((await signedWith(completed("evt_new"), "whsec_after_rotation")).statusCode).toBe(200);
    clock.advance(60 * 60_000);
    expect((await signedWith(completed("evt_late"), "whsec_before_rotation")).statusCode).toBe(401);
    expect((await signedWith(completed("evt_newer"), "whsec_after_rotation")).statusCode).toBe(200);
  });

  it("answers 404 for an endpoint that does not exist and 400 for an id that cannot be one", async () => {
    const { app: receiver, metrics } = await start();
    const body = completed("evt_x");
    const headers = { "x-service-signature": sign(body, operatorSecret) };
    expect(
      (await postDelivery(receiver, body, headers, `${operatorPath}/AAAAAAAAAAAAAAAAAAAAAA`)).statusCode,
    ).toBe(404);
    expect((await postDelivery(receiver, body, headers, `${operatorPath}/not%20an%20id`)).statusCode).toBe(
      400,
    );
    expect(metrics.count("rejected:unknown_endpoint")).toBe(1);
    expect(metrics.count("rejected:bad_request")).toBe(1);
  });

  it("answers 500 without internals when its secret cannot be opened", async () => {
    const endpoint = await createEndpoint();
    // Another key ring than the one that sealed the secret: the box refuses to open it.
    const { app: receiver, metrics } = await start({ secretBox: createTestSecretBox() });
    const body = completed("evt_b");
    const response = await postDelivery(
      receiver,
      body,
      { "x-service-signature": sign(body, endpoint.secret) },
      `${operatorPath}/${endpoint.id}`,
    );
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "internal_error", requestId: expect.any(String) });
    expect(response.body).not.toMatch(/key|secret|decrypt/i);
    expect(metrics.count("failed")).toBe(1);
  });
});
