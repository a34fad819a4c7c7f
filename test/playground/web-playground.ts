// The web playground as the tests start it: its logs discarded, and, for a describe block that shares one,
// started before its tests and closed after, with a JSON POST to the page's API.
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect } from "vitest";
import { startWebPlayground, type RunningWebPlayground } from "../../playground/web/run-web-playground.js";

const silentLogs = new Writable({
  write(_chunk, _encoding, callback) {
    callback();
  },
});

/** The whole playground (sandbox, fake Discord, bot, page server) with nothing printed. */
export function startQuietWebPlayground(): Promise<RunningWebPlayground> {
  return startWebPlayground({ logDestination: silentLogs });
}

/** One playground for the describe block this is called in; `post` expects a 200 and gives its JSON. */
export function useWebPlayground() {
  let running: RunningWebPlayground | undefined;
  beforeAll(async () => {
    running = await startQuietWebPlayground();
  }, 120_000);
  afterAll(async () => {
    await running?.close();
  });
  const current = (): RunningWebPlayground => {
    if (running === undefined) throw new Error("the playground did not start");
    return running;
  };
  const post = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    const response = await fetch(new URL(path, current().web.url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  return { running: current, post };
}
