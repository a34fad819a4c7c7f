// The Platform panel moves the sandbox's clock while the bot keeps the real time (playground/start-playground.ts):
// an event the platform dates a day ahead is still taken, where a deployment would drop it as dated in the
// future (src/webhooks/future-event.ts).
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebPlayground, type RunningWebPlayground } from "../../playground/web/run-web-playground.js";

const silentLogs = new Writable({
  write(_chunk, _encoding, callback) {
    callback();
  },
});

describe("the playground with its platform's clock moved ahead", () => {
  let running: RunningWebPlayground;

  beforeAll(async () => {
    running = await startWebPlayground({ logDestination: silentLogs });
  }, 120_000);

  afterAll(async () => {
    await running.close();
  });

  async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(new URL(path, running.web.url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }

  it("takes an event dated a day ahead of the bot's clock", async () => {
    const day = 24 * 3600;
    expect(await post("/api/platform/clock", { seconds: day })).toEqual({
      said: `Sandbox time moved ${day} s ahead.`,
    });
    const payload = JSON.stringify({
      id: "evt_moved_clock_1",
      event: "tournament.started",
      created: new Date(Date.now() + day * 1000).toISOString(),
      data: {
        object: "tournament",
        id: "trn_moved_clock",
        name: "Night Cup",
        format: "swiss",
        participants: 8,
      },
    });
    const sent = await post("/api/platform/events", { kind: "tournament.started", payload });
    expect(sent).toMatchObject({ status: 200 });
    expect(sent.outcome).not.toBe("future");
    expect(["accepted", "ignored"]).toContain(sent.outcome);
  });
});
