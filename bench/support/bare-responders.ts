// The baselines: what answering an interaction costs with nothing of the bot in the way. A bare discord.js
// Client that defers on `interactionCreate`, and a bare HTTP endpoint that checks the signature and defers.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, GatewayIntentBits } from "discord.js";
import {
  readInteractionPublicKey,
  verifyInteractionSignature,
} from "../../src/http/interaction-signature.js";

/** A discord.js Client with default settings, logged in to `apiUrl`'s gateway, deferring every interaction. */
export async function startBareClient(apiUrl: string, token: string): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: apiUrl } });
  client.on("interactionCreate", (interaction) => {
    if (interaction.isRepliable()) void interaction.deferReply().catch(() => undefined);
  });
  const ready = once(client, "clientReady");
  await client.login(token);
  await ready;
  return client;
}

export interface BareEndpoint {
  readonly url: string;
  close(): Promise<void>;
}

/** Verifies each POST's Ed25519 signature (Discord refuses an endpoint that does not), then answers type 5. */
export async function startBareEndpoint(publicKeyHex: string): Promise<BareEndpoint> {
  const key = readInteractionPublicKey(publicKeyHex);
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const rawBody = Buffer.concat(chunks);
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === "string" ? value : undefined;
      };
      const genuine = verifyInteractionSignature(key, {
        signature: header("x-signature-ed25519"),
        timestamp: header("x-signature-timestamp"),
        rawBody,
      });
      if (!genuine) {
        response.writeHead(401).end("invalid request signature");
        return;
      }
      const { type } = JSON.parse(rawBody.toString("utf8")) as { type: number };
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(type === 1 ? { type: 1 } : { type: 5 }));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/interactions`,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
