// The route on a real listener with the real dispatcher, driven by the fake Discord, which signs each
// interaction and reads the HTTP answer as Discord does. No command of the bot answers first with a file, so
// a test command does, to show a multipart answer becomes a message with its attachment.
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInFlightInteractions } from "../../src/discord/in-flight-interactions.js";
import { createFakeDiscord, type FakeDiscord } from "../../src/fake-discord/index.js";
import { buildHttpApp } from "../../src/http/build-http-app.js";
import { readInteractionPublicKey } from "../../src/http/interaction-signature.js";
import { interactionsRoute } from "../../src/http/interactions-route.js";
import { createLogger } from "../../src/logger.js";
import { createTestCommands, createTestDispatcher, pngBytes } from "./interaction-fixtures.js";

describe("the interactions route, driven by the fake Discord", () => {
  let fake: FakeDiscord;
  let app: FastifyInstance;
  let at: { guildId: string; channelId: string; userId: string };

  beforeAll(async () => {
    const logger = createLogger({ level: "silent" });
    fake = await createFakeDiscord();
    const { commands } = createTestCommands();
    app = await buildHttpApp({ logger, readinessChecks: [] });
    await app.register(interactionsRoute, {
      publicKey: readInteractionPublicKey(fake.publicKey),
      dispatch: createTestDispatcher(commands, logger),
      inFlight: createInFlightInteractions(logger),
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    await fake.setInteractionsEndpoint(`http://127.0.0.1:${String(port)}/interactions`);
    await fetch(`${fake.apiUrl}/v10/applications/${fake.applicationId}/commands`, {
      method: "PUT",
      headers: { authorization: `Bot ${fake.botToken}`, "content-type": "application/json" },
      body: JSON.stringify(commands.map((command) => command.data)),
    });
    const guildId = fake.createGuild({ name: "Arena" }).id;
    at = {
      guildId,
      channelId: fake.createChannel(guildId, { name: "general" }).id,
      userId: fake.createMember(guildId, { username: "alice" }).id,
    };
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it("turns a first response with a file into a message with the attachment", async () => {
    const handle = fake.runCommand({ ...at, name: "chart" });
    const message = await handle.waitForFinal();
    expect((await handle.response()).overHttp).toBe(true);
    expect(message.content).toBe("your chart");
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]?.filename).toBe("rating.png");
    expect(message.attachments[0]?.data.equals(pngBytes)).toBe(true);
    expect(fake.httpDeliveryFailures).toEqual([]);
  });

  it("answers a plain reply as JSON", async () => {
    const message = await fake.runCommand({ ...at, name: "echo" }).waitForFinal();
    expect(message.content).toBe("hello, alice");
    expect(fake.httpDeliveryFailures).toEqual([]);
  });
});
