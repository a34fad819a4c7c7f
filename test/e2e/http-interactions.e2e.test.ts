// docs/architecture.md, "Growing past one machine", INTERACTIONS_MODE=http: no gateway; the fake Discord POSTs interactions to the bot's
// /interactions. The command scenarios themselves run in both modes (battle, rank, linking, slow platform).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEndToEnd, type EndToEnd } from "./harness.js";

describe("interactions over HTTP, end to end", () => {
  let world: EndToEnd;
  beforeAll(async () => {
    world = await startEndToEnd({ interactionsMode: "http" });
  });
  afterAll(async () => {
    await world.close();
  });

  it("passes Discord's endpoint check: a signed PING gets a PONG, a forged one a 401", async () => {
    const valid = await world.discord.pingInteractionsEndpoint("valid");
    expect(valid.status).toBe(200);
    expect(JSON.parse(valid.body)).toEqual({ type: 1 });

    const forged = await world.discord.pingInteractionsEndpoint("invalid");
    expect(forged.status).toBe(401);
    expect(forged.body).toBe("invalid request signature");
  });

  it("opens no gateway connection and is ready without one", async () => {
    expect(world.bot.client).toBeUndefined();
    const readiness = await fetch(`${world.publicUrl}/readyz`);
    expect(readiness.status).toBe(200);
    expect(await readiness.json()).toEqual({
      status: "ready",
      checks: { interactions: "ok", database: "ok" },
    });
    expect(world.logs()).toMatch(/"interactionsMode":"http"[^\n]*"msg":"starting"/);
  });

  it("answers a command through the same handlers, as the HTTP answer", async () => {
    const handle = world.discord.runCommand({
      guildId: world.guildId,
      channelId: world.channelId,
      userId: world.members.alice.id,
      name: "whoami",
    });
    const response = await handle.response();
    expect(response.overHttp).toBe(true);
    expect((await handle.waitForFinal()).content).toMatch(/haven't linked/);
    expect(handle.record.delivery).toBe("http");
    expect(world.discord.httpDeliveryFailures).toEqual([]);
  });
});

describe("an instance stopping in HTTP interactions mode", () => {
  it("reports not ready at once, and answers interactions until the load balancer has had time to notice", async () => {
    // A margin far above one answer's time on a loaded machine; the test waits for it once, at the end.
    const world = await startEndToEnd({
      interactionsMode: "http",
      startOptions: { unreadyBeforeStopMs: 4000 },
    });
    const closing = world.close();
    const readiness = await fetch(`${world.publicUrl}/readyz`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toMatchObject({ checks: { interactions: "failing" } });

    const handle = world.discord.runCommand({
      guildId: world.guildId,
      channelId: world.channelId,
      userId: world.members.alice.id,
      name: "whoami",
    });
    expect((await handle.waitForFinal()).content).toMatch(/haven't linked/);
    expect(world.discord.httpDeliveryFailures).toEqual([]);
    await closing;
  }, 20_000);
});
