// Ctrl-C after the page was used: a browser keeps its connections to each server alive (and opens spare ones
// before it needs them), and the playground must still stop within seconds, not when they time out.
import { Agent, request } from "node:http";
import { connect, type Socket } from "node:net";
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import type { RunningWebPlayground } from "../../playground/web/run-web-playground.js";
import { startQuietWebPlayground } from "./web-playground.js";

/** A GET over `agent`, read to the end so the socket goes back to the agent, kept alive. */
async function getKeptAlive(agent: Agent, url: string): Promise<void> {
  const sent = request(url, { agent });
  sent.end();
  const [response] = (await once(sent, "response")) as [NodeJS.ReadableStream];
  response.resume();
  await once(response, "end");
}

describe("stopping the playground", () => {
  let running: RunningWebPlayground | undefined;
  const agent = new Agent({ keepAlive: true, keepAliveMsecs: 1000 });
  const spares: Socket[] = [];

  afterEach(() => {
    agent.destroy();
    for (const socket of spares) socket.destroy();
  });

  it("stops within seconds while a browser keeps connections open to every server", async () => {
    running = await startQuietWebPlayground();
    const { playground, web } = running;
    const servers = [
      `${web.url}/api/world`,
      `${playground.bot.deps.config.http.publicUrl}/healthz`,
      `${playground.sandbox.url}/`,
      `${playground.discord.apiUrl}/v10/gateway`,
    ];
    for (const url of servers) {
      await getKeptAlive(agent, url);
      // A spare connection, opened and never used, as a browser opens them ahead of need.
      const { hostname, port } = new URL(url);
      const spare = connect(Number(port), hostname);
      await once(spare, "connect");
      spare.on("error", () => undefined);
      spares.push(spare);
    }
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(servers.length);

    const started = Date.now();
    await running.close();
    expect(Date.now() - started).toBeLessThan(5000);
  }, 120_000);
});
