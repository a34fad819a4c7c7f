// Contract: webhook management of src/api against the sandbox's /api/v1 routes and their /v1 form (the
// platform's API reference "Endpoints › Webhooks", "Delivery and retries"). Deliveries go to a real endpoint
// on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPlatformHttp,
  listDeliveries,
  listFailedDeliveries,
  registerWebhook,
  sendTestWebhook,
  type PlatformCredential,
} from "../../src/api/index.js";
import type { Delivery } from "../../sandbox/state.js";
import { startContractSandbox, toIso, type ContractWorld } from "./support/contract-sandbox.js";
import { startStatusReceiver, type StatusReceiver } from "./support/receiver.js";

let world: ContractWorld;
let receiver: StatusReceiver;
let bob: PlatformCredential;

beforeAll(async () => {
  world = await startContractSandbox();
  receiver = await startStatusReceiver();
  bob = world.credential("bob", "write");
});
afterAll(async () => {
  await world.close();
  await receiver.close();
});

function deliveriesOf(webhookId: string): Delivery[] {
  return [...world.sandbox.state.deliveries.values()].filter((delivery) => delivery.webhookId === webhookId);
}

describe("registering webhooks", () => {
  it("sends the full form and reads the new webhook's id", async () => {
    const webhook = await registerWebhook(world.http, bob, {
      url: receiver.urlAnswering(200),
      events: ["battle.completed", "team.created"],
      secret: "contract-secret-1",
      description: "contract test",
    });
    expect(webhook).toEqual({ id: expect.stringMatching(/^wh_/), active: true });
    expect(world.sandbox.state.webhooks.get(webhook.id)).toMatchObject({
      ownerId: world.user("bob").id,
      url: receiver.urlAnswering(200),
      events: ["battle.completed", "team.created"],
      secret: "contract-secret-1",
      active: true,
      description: "contract test",
    });
  });

  it("registers a disabled webhook when asked", async () => {
    const webhook = await registerWebhook(world.http, bob, {
      url: receiver.urlAnswering(200),
      events: ["user.rating_changed"],
      secret: "contract-secret-2",
      active: false,
    });
    expect(webhook.active).toBe(false);
    expect(world.sandbox.state.webhooks.get(webhook.id)?.active).toBe(false);
  });
});

describe("the webhook base set to the REST base (the reference's general form, /v1/webhooks)", () => {
  it("registers, sends a test event and reads its delivery there", async () => {
    const http = createPlatformHttp({
      baseUrl: `${world.sandbox.url}/v1`,
      webhooksBaseUrl: `${world.sandbox.url}/v1`,
      timeoutMs: 5000,
      clock: world.clock,
      sleep: () => Promise.resolve(),
    });
    const webhook = await registerWebhook(http, bob, {
      url: receiver.urlAnswering(200),
      events: ["battle.completed"],
      secret: "contract-secret-rest-base",
    });
    const sent = await sendTestWebhook(http, bob, {
      webhookId: webhook.id,
      event: "battle.completed",
      testData: {},
    });
    expect(sent.sent).toBe(true);
    const deliveries = await listDeliveries(http, bob, webhook.id);
    expect(deliveries.map((delivery) => [delivery.id, delivery.status])).toEqual([
      [sent.deliveryId, "delivered"],
    ]);
  });
});

describe("test deliveries and delivery records", () => {
  it("sends a test event and reads the delivered record", async () => {
    const { id } = await registerWebhook(world.http, bob, {
      url: receiver.urlAnswering(204),
      events: ["battle.completed"],
      secret: "contract-secret-3",
    });
    const result = await sendTestWebhook(world.http, bob, {
      webhookId: id,
      event: "battle.completed",
      testData: { battle_id: "bat_contract" },
    });
    // The sandbox answers { success, delivery_id }: no event id for the client to read.
    const [stored] = deliveriesOf(id);
    expect(result).toEqual({ sent: true, eventId: undefined, deliveryId: stored?.id });

    expect(stored?.event.payload).toContain('"id":"bat_contract"');
    const records = await listDeliveries(world.http, bob, id);
    expect(records).toEqual([
      {
        id: stored?.id,
        eventId: stored?.event.id,
        status: "delivered",
        attempts: 1,
        responseCode: 204,
        responseTime: stored?.attempts[0]?.responseTime,
        createdAt: toIso(stored!.createdAt),
        deliveredAt: toIso(stored!.deliveredAt!),
      },
    ]);
    expect(await listFailedDeliveries(world.http, bob, id)).toEqual([]);
  });

  it("reads a failing delivery while retries remain and after the fifth attempt (next_retry null)", async () => {
    const { id } = await registerWebhook(world.http, bob, {
      url: receiver.urlAnswering(503),
      events: ["team.created"],
      secret: "contract-secret-4",
    });
    const result = await sendTestWebhook(world.http, bob, {
      webhookId: id,
      event: "team.created",
      testData: {},
    });
    expect(result.sent).toBe(false);

    const [stored] = deliveriesOf(id);
    const firstFailure = await listFailedDeliveries(world.http, bob, id);
    expect(firstFailure).toEqual([
      {
        id: stored?.id,
        eventId: stored?.event.id,
        status: "failed",
        attempts: 1,
        lastResponseCode: 503,
        errorMessage: "endpoint answered HTTP 503",
        nextRetry: toIso(stored!.createdAt + 30_000),
        createdAt: toIso(stored!.createdAt),
        failedAt: toIso(stored!.failedAt!),
      },
    ]);

    // Retries 30 s, 2 min, 8 min and 30 min after the previous attempt (the platform's API reference).
    for (const delay of [30_000, 120_000, 480_000, 1_800_000]) {
      world.clock.advance(delay);
      await world.sandbox.tick();
    }
    const [exhausted] = await listFailedDeliveries(world.http, bob, id);
    expect(exhausted).toMatchObject({ attempts: 5, lastResponseCode: 503, nextRetry: null });
    expect(exhausted?.failedAt).toBe(toIso(stored!.failedAt!));
    const [record] = await listDeliveries(world.http, bob, id);
    expect(record).toMatchObject({
      status: "failed",
      attempts: 5,
      responseCode: 503,
      deliveredAt: undefined,
    });
  });
});
