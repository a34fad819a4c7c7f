// The route on a real listener with the real dispatcher, driven by the fake Discord, which signs each
// interaction and reads the HTTP answer as Discord does. No command of the bot answers first with a file, so
// a test command does, to show a multipart answer becomes a message with its attachment.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeDiscord } from "../../fake-discord/index.js";
import { createTestCommands, pngBytes } from "./interaction-fixtures.js";
import { startRouteOverFakeDiscord, type RouteOverFakeDiscord } from "./route-over-fake-discord.js";

describe("the interactions route, driven by the fake Discord", () => {
  let fake: FakeDiscord;
  let at: RouteOverFakeDiscord["at"];
  let route: RouteOverFakeDiscord;

  beforeAll(async () => {
    route = await startRouteOverFakeDiscord(createTestCommands().commands);
    ({ fake, at } = route);
  });
  afterAll(async () => {
    await route.close();
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
