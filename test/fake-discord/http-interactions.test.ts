import { createPublicKey, verify } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

/** A minimal HTTP-interactions bot: checks the Ed25519 signature, answers PING and /ping. */
function startBot(publicKeyHex: string, checkSignatures: boolean): Promise<Server> {
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
      if (checkSignatures && !verify(null, signed, key, signature)) {
        response.writeHead(401).end("invalid request signature");
        return;
      }
      const interaction = JSON.parse(body) as {
        type: number;
        data?: { name: string };
        member?: { user: { username: string } };
      };
      const name = interaction.member?.user.username ?? "?";
      // "/shout" answers with a 300-character embed title, which Discord's spec refuses.
      const answer =
        interaction.type === 1
          ? { type: 1 }
          : interaction.data?.name === "shout"
            ? { type: 4, data: { embeds: [{ title: "!".repeat(300) }] } }
            : { type: 4, data: { content: `pong, ${name}` } };
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve(server);
    });
  });
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/interactions`;

describe("interactions delivered over HTTP by the fake Discord", () => {
  let fake: FakeDiscord;
  let bot: Server;
  let careless: Server;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    bot = await startBot(fake.publicKey, true);
    careless = await startBot(fake.publicKey, false);
    await fetch(`${fake.apiUrl}/v10/applications/${fake.applicationId}/commands`, {
      method: "PUT",
      headers: { authorization: `Bot ${fake.botToken}`, "content-type": "application/json" },
      body: JSON.stringify([
        { name: "ping", description: "Ping" },
        { name: "shout", description: "Shout" },
      ]),
    });
  });

  afterAll(async () => {
    await fake.close();
    bot.close();
    careless.close();
  });

  it("refuses an endpoint that accepts a badly signed PING, as Discord does", async () => {
    await expect(fake.setInteractionsEndpoint(urlOf(careless))).rejects.toThrow(/bad signature answered 200/);
  });

  it("signs each interaction and takes the HTTP answer as the response", async () => {
    await fake.setInteractionsEndpoint(urlOf(bot));
    const guildId = fake.createGuild({ name: "Arena" }).id;
    const channelId = fake.createChannel(guildId, { name: "general" }).id;
    const userId = fake.createMember(guildId, { username: "alice" }).id;
    const handle = fake.runCommand({ guildId, channelId, userId, name: "ping" });
    expect((await handle.response()).overHttp).toBe(true);
    expect((await handle.waitForFinal()).content).toBe("pong, alice");
    expect(fake.httpDeliveryFailures).toEqual([]);
  });

  it("refuses an HTTP answer that breaks Discord's spec, failing the wait with the field", async () => {
    await fake.setInteractionsEndpoint(urlOf(bot));
    const guildId = fake.createGuild({ name: "Loud" }).id;
    const channelId = fake.createChannel(guildId, { name: "general" }).id;
    const userId = fake.createMember(guildId, { username: "bob" }).id;
    const handle = fake.runCommand({ guildId, channelId, userId, name: "shout" });
    await expect(handle.response()).rejects.toThrow(
      /50035.*"data":\{"embeds":\{"0":\{"title":\{"_errors":\[\{"code":"BASE_TYPE_MAX_LENGTH","message":"Must be 256 or fewer in length\."/,
    );
    expect(fake.httpDeliveryFailures.map((failure) => failure.interactionId)).toEqual([handle.id]);
  });
});
