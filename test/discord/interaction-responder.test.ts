// In HTTP interactions mode the first response is an HTTP answer that Discord reads on its own time, so an edit
// sent right after it can arrive first and get 10008 Unknown Message. A stand-in for Discord's interaction
// webhook on 127.0.0.1 answers that way until it has "read" the answer, then keeps what it is sent.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DiscordAPIError, REST } from "@discordjs/rest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InteractionResponder } from "../../src/discord/interaction-responder.js";

const interaction = {
  id: "1300000000000000001",
  token: "interaction-token",
  application_id: "1300000000000000002",
};

describe("InteractionResponder's calls on the interaction webhook", () => {
  let server: Server;
  let rest: REST;
  /** Webhook calls answered 10008 before the stand-in knows the original message. */
  let unknownFor = 0;
  let original: unknown;
  let followUps: unknown[];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body: unknown = chunks.length === 0 ? null : JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (request.url?.includes("/callback") === true) {
          response.writeHead(204).end();
          return;
        }
        response.setHeader("content-type", "application/json");
        if (unknownFor > 0) {
          unknownFor -= 1;
          response.writeHead(404).end(JSON.stringify({ message: "Unknown Message", code: 10008 }));
          return;
        }
        if (request.method === "PATCH") original = body;
        else followUps.push(body);
        response
          .writeHead(200)
          .end(JSON.stringify({ id: "1300000000000000003", channel_id: "1", content: "" }));
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    rest = new REST({ api: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, retries: 0 });
  });

  afterAll(async () => {
    server.close();
    await once(server, "close");
  });

  beforeEach(() => {
    unknownFor = 0;
    original = undefined;
    followUps = [];
  });

  /** A responder whose first response goes out as the HTTP answer, as the interactions route gives it. */
  const answeredOverHttp = () => new InteractionResponder(rest, interaction, () => Promise.resolve());

  it("lands an edit that reached Discord before the deferral it edits was read", async () => {
    const responder = answeredOverHttp();
    await responder.defer({ ephemeral: true });
    unknownFor = 2;
    await responder.reply({ content: "Linked as **alice**." });
    expect(original).toMatchObject({ content: "Linked as **alice**." });
  });

  it("lands a follow-up sent right after the HTTP answer the same way", async () => {
    const responder = answeredOverHttp();
    await responder.reply({ content: "first" });
    unknownFor = 1;
    await responder.followUp({ content: "second" });
    expect(followUps).toEqual([expect.objectContaining({ content: "second" })]);
  });

  it("gives up when the message stays unknown", async () => {
    const responder = answeredOverHttp();
    await responder.defer({ ephemeral: true });
    unknownFor = Number.POSITIVE_INFINITY;
    await expect(responder.reply({ content: "never shown" })).rejects.toBeInstanceOf(DiscordAPIError);
    expect(original).toBeUndefined();
  });

  it("does not wait on an unknown message once Discord has shown it read the answer", async () => {
    const responder = answeredOverHttp();
    await responder.defer({ ephemeral: true });
    await responder.reply({ content: "done" });
    // The member deleted the message since: Discord's answer is final.
    unknownFor = 1;
    await expect(responder.editOriginal({ content: "again" })).rejects.toBeInstanceOf(DiscordAPIError);
    expect(original).toMatchObject({ content: "done" });
  });

  it("does not wait over the gateway, where the REST callback's answer says Discord has it", async () => {
    const responder = new InteractionResponder(rest, interaction);
    await responder.defer({ ephemeral: true });
    unknownFor = 1;
    await expect(responder.reply({ content: "lost" })).rejects.toBeInstanceOf(DiscordAPIError);
    expect(original).toBeUndefined();
  });
});
