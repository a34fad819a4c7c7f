// A stand-in for Discord's REST on 127.0.0.1 that records every request and says yes to each (a message for a
// message route, 204 for a delete), so a fuzz test sees everything the bot tried to send and nothing fails it.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface DiscordRequest {
  readonly method: string;
  /** The path as sent, e.g. `/v10/webhooks/<application>/<token>/messages/@original`. */
  readonly path: string;
  /** The JSON body, or the raw text of a body that is not JSON (multipart), or undefined when empty. */
  readonly body: unknown;
}

export interface CountingDiscord {
  /** For DISCORD_API_URL. */
  readonly apiUrl: string;
  readonly requests: readonly DiscordRequest[];
  close(): Promise<void>;
}

const anyMessage = { id: "1300000000000000077", channel_id: "1300000000000000003", content: "", flags: 0 };

function readBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function startCountingDiscord(): Promise<CountingDiscord> {
  const requests: DiscordRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = readBody(Buffer.concat(chunks).toString("utf8"));
      requests.push({ method: request.method ?? "", path: request.url ?? "", body });
      if (request.method === "DELETE" || request.url?.endsWith("/callback") === true) {
        response.writeHead(204).end();
        return;
      }
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(anyMessage));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${String(port)}/api`,
    requests,
    async close() {
      server.close();
      await once(server, "close");
    },
  };
}
