// The Platform panel's sample event is sent as a real event of the platform, so it carries no test mark, though
// it is built from the sandbox's test-delivery sample (docs/platform-assumptions.md, "Test deliveries"). A
// payload edited into something that is not JSON is refused with a line that says so. The page's server behind
// the panel answers only its own address (test/playground/local-only.test.ts tests how).
import { request, type IncomingMessage } from "node:http";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { useWebPlayground } from "./web-playground.js";

describe("the playground's sample event", () => {
  const { running } = useWebPlayground();

  it("answers a payload edited into something that is not JSON by saying so", async () => {
    const response = await fetch(new URL("/api/platform/events", running().web.url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "battle.created", payload: "{ not json" }),
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: string };
    expect(error).toMatch(/^The payload is not JSON, so nothing was sent: .*position 2/);
  });

  it("refuses the sample when asked under another host name", async () => {
    const { port } = new URL(running().web.url);
    const sent = request({
      host: "127.0.0.1",
      port,
      path: "/api/platform/events/sample?kind=battle.completed&form=standard",
      headers: { host: `attacker.example:${port}` },
    });
    sent.end();
    const [response] = (await once(sent, "response")) as [IncomingMessage];
    response.resume();
    expect(response.statusCode).toBe(403);
  });

  it.each(["standard", "legacy"])("is not marked as a test in the %s form", async (form) => {
    const url = new URL(`/api/platform/events/sample?kind=battle.completed&form=${form}`, running().web.url);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const { payload } = (await response.json()) as { payload: string };
    const { data } = JSON.parse(payload) as { data: Record<string, unknown> };
    expect(data).toMatchObject({ winner: expect.any(String) });
    expect(data).not.toHaveProperty("test");
  });
});
