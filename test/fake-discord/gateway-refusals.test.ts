// What the fake Discord's gateway does with a frame it cannot use (fake-discord/README.md, "The gateway"): an
// opcode a client never sends closes the connection with 4001 Unknown opcode, a frame that is no payload
// with 4002 Decode error, before IDENTIFY or after; the opcodes a client may send are not refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { RawGateway } from "./raw-gateway.js";

describe("the fake Discord gateway's refusals", () => {
  let fake: FakeDiscord;
  let url: string;

  beforeAll(async () => {
    fake = await createFakeDiscord({ heartbeatIntervalMs: 45_000 });
    fake.createGuild({ name: "Arena" });
    url = `${fake.gatewayUrl}?v=10&encoding=json`;
  });

  afterAll(async () => {
    await fake.close();
  });

  /** A connection that said HELLO and, when asked, identified and got READY. */
  async function connect(identified: boolean): Promise<RawGateway> {
    const gateway = new RawGateway(url);
    await gateway.next((frame) => frame.op === 10);
    if (identified) {
      gateway.send({ op: 2, d: { token: fake.botToken, intents: 1, properties: {} } });
      await gateway.next((frame) => frame.t === "READY");
    }
    return gateway;
  }

  it.each([
    ["a dispatch", 0],
    ["HELLO", 10],
    ["a heartbeat ACK", 11],
    ["an opcode Discord has not", 99],
  ])("closes with 4001 for %s from the client, identified or not", async (_, op) => {
    for (const identified of [false, true]) {
      const gateway = await connect(identified);
      gateway.send({ op, d: null });
      expect(await gateway.closed()).toBe(4001);
    }
  });

  it.each([
    ["JSON that is no object", null],
    ["an object without an opcode", { d: null }],
    ["an opcode that is no whole number", { op: "1", d: null }],
  ])("closes with 4002 for %s, identified or not", async (_, payload) => {
    for (const identified of [false, true]) {
      const gateway = await connect(identified);
      gateway.send(payload);
      expect(await gateway.closed()).toBe(4002);
    }
  });

  it("keeps a session open after a presence update, and still acknowledges heartbeats", async () => {
    const gateway = await connect(true);
    gateway.send({ op: 3, d: { since: null, activities: [], status: "online", afk: false } });
    gateway.send({ op: 1, d: 2 });
    await gateway.next((frame) => frame.op === 11);
    expect(gateway.closeCode).toBeNull();
    gateway.close();
  });
});
