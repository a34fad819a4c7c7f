// A user-install command outside a guild, delivered over HTTP (Interactions Endpoint URL) rather than the
// gateway: signed as usual, and the bot's HTTP answer is the reply, ephemeral flag and all.
import { createPublicKey, verify } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ApplicationIntegrationType, InteractionContextType, MessageFlags } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

interface ReceivedInteraction {
  type: number;
  context?: number;
  guild_id?: string;
  user?: { username: string };
}

/** An HTTP-interactions bot that checks the signature and answers ephemerally whom and where it was asked. */
function startBot(publicKeyHex: string): Promise<Server> {
  const key = createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKeyHex, "hex").toString("base64url") },
    format: "jwk",
  });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const signed = Buffer.from(String(request.headers["x-signature-timestamp"]) + body);
      const signature = Buffer.from(String(request.headers["x-signature-ed25519"]), "hex");
      if (!verify(null, signed, key, signature)) {
        response.writeHead(401).end("invalid request signature");
        return;
      }
      const interaction = JSON.parse(body) as ReceivedInteraction;
      const content = `${interaction.user?.username ?? "?"} in context ${String(interaction.context)}, guild ${interaction.guild_id ?? "none"}`;
      const answer =
        interaction.type === 1 ? { type: 1 } : { type: 4, data: { content, flags: MessageFlags.Ephemeral } };
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve(server);
    });
  });
}

describe("a user-install command delivered over HTTP", () => {
  let fake: FakeDiscord;
  let bot: Server;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    bot = await startBot(fake.publicKey);
    await fake.setInteractionsEndpoint(
      `http://127.0.0.1:${(bot.address() as AddressInfo).port}/interactions`,
    );
    await fetch(`${fake.apiUrl}/v10/applications/${fake.applicationId}/commands`, {
      method: "PUT",
      headers: { authorization: `Bot ${fake.botToken}`, "content-type": "application/json" },
      body: JSON.stringify([
        {
          name: "rank",
          description: "Your rank",
          integration_types: [ApplicationIntegrationType.UserInstall],
          contexts: [InteractionContextType.BotDM],
        },
      ]),
    });
  });
  afterAll(async () => {
    await fake.close();
    bot.close();
  });

  it("posts it signed without guild_id and keeps the bot's ephemeral answer", async () => {
    const alice = fake.createMember(fake.createGuild({ name: "Arena" }).id, { username: "alice" });
    fake.oauth2.installForUser(alice.id);
    const handle = fake.runUserInstallCommand({ userId: alice.id, context: "bot-dm", name: "rank" });
    const answer = await handle.waitForFinal();
    expect(handle.record.delivery).toBe("http");
    expect(answer.content).toBe("alice in context 1, guild none");
    expect(answer.flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
    expect(fake.httpDeliveryFailures).toEqual([]);
  });
});
