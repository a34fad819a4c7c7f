import { GatewayIntentBits } from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type FakeDiscordOptions } from "../../fake-discord/index.js";
import { RawGateway } from "./raw-gateway.js";

/** Identifies one raw session with `intents` and returns it, READY or closed. */
async function identify(fake: FakeDiscord, intents: unknown): Promise<RawGateway> {
  const gateway = new RawGateway(`${fake.gatewayUrl}?v=10&encoding=json`);
  await gateway.next((frame) => frame.op === 10);
  gateway.send({ op: 2, d: { token: fake.botToken, intents, properties: {} } });
  return gateway;
}

/**
 * The intents IDENTIFY asks for (docs: Gateway, Gateway Intents; Opcodes and Status Codes, Gateway Close
 * Event Codes): 4013 Invalid intent(s) for a bit that is no intent, 4014 Disallowed intent(s) for a
 * privileged one the application was not granted in its settings.
 */
describe("the fake Discord's intent checks at IDENTIFY", () => {
  let fake: FakeDiscord | undefined;

  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  const start = async (options: FakeDiscordOptions = {}) => {
    fake = await createFakeDiscord(options);
    return fake;
  };

  it.each([
    ["a bit that is no intent", GatewayIntentBits.Guilds | (1 << 30)],
    ["a negative number", -1],
    ["a fraction", 1.5],
  ])("closes with 4013 Invalid intent(s) for %s", async (_, intents) => {
    const gateway = await identify(await start(), intents);
    expect(await gateway.closed()).toBe(4013);
    expect(gateway.frames.some((frame) => frame.t === "READY")).toBe(false);
  });

  it("closes with 4014 Disallowed intent(s) for a privileged intent the application was not granted", async () => {
    const discord = await start({ privilegedIntents: ["GuildMembers"] });
    const refused = await identify(discord, GatewayIntentBits.Guilds | GatewayIntentBits.MessageContent);
    expect(await refused.closed()).toBe(4014);
    const granted = await identify(discord, GatewayIntentBits.Guilds | GatewayIntentBits.GuildMembers);
    await granted.next((frame) => frame.t === "READY");
    granted.close();
  });

  it("grants every privileged intent unless told otherwise", async () => {
    const everyIntent = Object.values(GatewayIntentBits)
      .filter((bit): bit is number => typeof bit === "number")
      .reduce((all, bit) => all | bit, 0);
    const gateway = await identify(await start(), everyIntent);
    await gateway.next((frame) => frame.t === "READY");
    gateway.close();
  });
});
