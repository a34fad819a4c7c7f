// The bot removed from a guild and added back, and a guild's outage, as Discord shows them on the gateway and
// over REST (docs: Gateway Events, Guild Delete).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { RawGateway, type Frame } from "./raw-gateway.js";

describe("the fake Discord's guild presence", () => {
  let fake: FakeDiscord;
  let guildId: string;
  let channelId: string;
  const gateways: RawGateway[] = [];

  beforeEach(async () => {
    fake = await createFakeDiscord();
    const guild = fake.createGuild({ name: "Arena", channels: ["general"] });
    guildId = guild.id;
    channelId = [...guild.channels.keys()][0] ?? "";
  });
  afterEach(async () => {
    for (const gateway of gateways.splice(0)) gateway.close();
    await fake.close();
  });

  /** A session past READY and the GUILD_CREATE of every guild. */
  async function connect(): Promise<RawGateway> {
    const gateway = new RawGateway(`${fake.gatewayUrl}?v=10&encoding=json`);
    gateways.push(gateway);
    await gateway.next((frame) => frame.op === 10);
    gateway.send({ op: 2, d: { token: fake.botToken, intents: 1, properties: {} } });
    await gateway.next((frame) => frame.t === "READY");
    return gateway;
  }

  const guildDeletes = (gateway: RawGateway): unknown[] =>
    gateway.frames.filter((frame: Frame) => frame.t === "GUILD_DELETE").map((frame) => frame.d);

  async function rest(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; code: unknown }> {
    const response = await fetch(`${fake.apiUrl}/v10${path}`, {
      method,
      headers: { authorization: `Bot ${fake.botToken}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, code: ((await response.json()) as { code?: unknown }).code };
  }

  it("sends GUILD_DELETE without `unavailable` when the bot is removed, and refuses its REST", async () => {
    const gateway = await connect();
    await gateway.next((frame) => frame.t === "GUILD_CREATE");

    fake.removeBotFromGuild(guildId);

    const removal = await gateway.next((frame) => frame.t === "GUILD_DELETE");
    expect(removal.d).toEqual({ id: guildId });
    expect(await rest("POST", `/channels/${channelId}/messages`, { content: "hi" })).toEqual({
      status: 403,
      code: 50001,
    });
    expect(await rest("GET", `/guilds/${guildId}`)).toEqual({ status: 404, code: 10004 });
    expect(fake.guilds().map((guild) => guild.id)).not.toContain(guildId);
  });

  it("leaves a guild the bot was removed from out of READY, and sends GUILD_CREATE when it is added back", async () => {
    fake.removeBotFromGuild(guildId);
    const gateway = await connect();
    const ready = gateway.frames.find((frame) => frame.t === "READY");
    expect((ready?.d as { guilds: unknown[] }).guilds).toEqual([]);

    fake.addBotBackToGuild(guildId);

    const created = await gateway.next((frame) => frame.t === "GUILD_CREATE");
    expect((created.d as { id: string }).id).toBe(guildId);
    expect(await rest("POST", `/channels/${channelId}/messages`, { content: "back" })).toMatchObject({
      status: 200,
    });
  });

  it("sends GUILD_DELETE with `unavailable: true` for an outage, also at READY, and GUILD_CREATE after", async () => {
    const gateway = await connect();
    await gateway.next((frame) => frame.t === "GUILD_CREATE");

    fake.setGuildOutage(guildId, true);

    await gateway.next((frame) => frame.t === "GUILD_DELETE");
    expect(guildDeletes(gateway)).toEqual([{ id: guildId, unavailable: true }]);
    const during = await connect();
    await during.next((frame) => frame.t === "GUILD_DELETE");
    expect(during.frames.filter((frame) => frame.t === "GUILD_CREATE")).toEqual([]);
    expect(guildDeletes(during)).toEqual([{ id: guildId, unavailable: true }]);

    fake.setGuildOutage(guildId, false);

    const back = await during.next((frame) => frame.t === "GUILD_CREATE");
    expect((back.d as { id: string }).id).toBe(guildId);
  });
});
