import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { RawGateway } from "./raw-gateway.js";

describe("the fake Discord gateway protocol", () => {
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

  it("says HELLO with the heartbeat interval and acknowledges heartbeats", async () => {
    const gateway = new RawGateway(url);
    const hello = await gateway.next((frame) => frame.op === 10);
    expect(hello.d).toEqual({ heartbeat_interval: 45_000 });
    gateway.send({ op: 1, d: null });
    await gateway.next((frame) => frame.op === 11);
    gateway.close();
  });

  it("sends READY with the session, application and unavailable guilds, numbering dispatches", async () => {
    const gateway = new RawGateway(url);
    await gateway.next((frame) => frame.op === 10);
    gateway.send({ op: 2, d: { token: fake.botToken, intents: 1, properties: {}, shard: [0, 1] } });
    const ready = await gateway.next((frame) => frame.t === "READY");
    const data = ready.d as {
      session_id: string;
      resume_gateway_url: string;
      application: { id: string };
      guilds: { unavailable: boolean }[];
    };
    expect(ready.s).toBe(1);
    expect(data.application.id).toBe(fake.applicationId);
    expect(data.resume_gateway_url).toBe(fake.gatewayUrl);
    expect(data.guilds).toEqual([expect.objectContaining({ unavailable: true })]);
    const guildCreate = await gateway.next((frame) => frame.t === "GUILD_CREATE");
    expect(guildCreate.s).toBe(2);
    gateway.close();
  });

  it("closes with 4004 for a wrong token", async () => {
    const gateway = new RawGateway(url);
    await gateway.next((frame) => frame.op === 10);
    gateway.send({ op: 2, d: { token: "wrong", intents: 1, properties: {} } });
    expect(await gateway.closed()).toBe(4004);
  });

  it("closes with 4003 for a payload before IDENTIFY", async () => {
    const gateway = new RawGateway(url);
    await gateway.next((frame) => frame.op === 10);
    gateway.send({ op: 8, d: { guild_id: "1" } });
    expect(await gateway.closed()).toBe(4003);
  });

  it("closes with 4010 for a shard outside the shard count", async () => {
    const gateway = new RawGateway(url);
    await gateway.next((frame) => frame.op === 10);
    gateway.send({ op: 2, d: { token: fake.botToken, intents: 1, properties: {}, shard: [2, 2] } });
    expect(await gateway.closed()).toBe(4010);
  });

  it("answers INVALID_SESSION to a RESUME of an unknown session", async () => {
    const gateway = new RawGateway(url);
    await gateway.next((frame) => frame.op === 10);
    gateway.send({ op: 6, d: { token: fake.botToken, session_id: "nope", seq: 3 } });
    expect((await gateway.next((frame) => frame.op === 9)).d).toBe(false);
    gateway.close();
  });

  it("tells connected clients their session is invalid, and refuses to resume it", async () => {
    const gateway = new RawGateway(url);
    await gateway.next((frame) => frame.op === 10);
    gateway.send({ op: 2, d: { token: fake.botToken, intents: 1, properties: {} } });
    const ready = await gateway.next((frame) => frame.t === "READY");
    fake.gateway.invalidateSessions();
    expect((await gateway.next((frame) => frame.op === 9)).d).toBe(false);
    gateway.frames.splice(0);
    gateway.send({
      op: 6,
      d: { token: fake.botToken, session_id: (ready.d as { session_id: string }).session_id, seq: 1 },
    });
    expect((await gateway.next((frame) => frame.op === 9)).d).toBe(false);
    gateway.close();
  });

  it("replays missed dispatches on RESUME, then sends RESUMED", async () => {
    const first = new RawGateway(url);
    await first.next((frame) => frame.op === 10);
    first.send({ op: 2, d: { token: fake.botToken, intents: 1, properties: {} } });
    const ready = await first.next((frame) => frame.t === "READY");
    first.frames.splice(0);
    fake.gateway.dropConnections();
    await first.closed();
    const guild = fake.createGuild({ name: "Joined while away" });

    const second = new RawGateway(url);
    await second.next((frame) => frame.op === 10);
    second.send({
      op: 6,
      d: { token: fake.botToken, session_id: (ready.d as { session_id: string }).session_id, seq: 2 },
    });
    const missed = await second.next((frame) => frame.t === "GUILD_CREATE");
    expect((missed.d as { id: string }).id).toBe(guild.id);
    await second.next((frame) => frame.t === "RESUMED");
    second.close();
  });
});
