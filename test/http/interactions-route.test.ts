import type { FastifyInstance } from "fastify";
import { ApplicationCommandType } from "discord-api-types/v10";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createInFlightInteractions,
  type InFlightInteractions,
} from "../../src/discord/in-flight-interactions.js";
import { readInteractionPublicKey } from "../../src/http/interaction-signature.js";
import { ManualClock } from "../../src/clock.js";
import { parseMultipart } from "../../fake-discord/rest/request-body.js";
import { createLogger } from "../../src/logger.js";
import {
  commandInteraction,
  createApplicationKeys,
  createTestCommands,
  createTestDispatcher,
  pingInteraction,
  pngBytes,
  signInteraction,
  type TestCommands,
} from "./interaction-fixtures.js";
import { buildTestApp } from "./support/test-app.js";

const keys = createApplicationKeys();
const timestamp = "1730000000";
/** This instance's clock, a minute after the requests were signed. */
const clock = new ManualClock(1_730_000_060_000);

describe("POST /interactions", () => {
  let app: FastifyInstance;
  let inFlight: InFlightInteractions;
  let testCommands: TestCommands;

  beforeEach(async () => {
    const logger = createLogger({ level: "silent" });
    testCommands = createTestCommands();
    inFlight = createInFlightInteractions(logger);
    app = await buildTestApp({
      logger,
      clock,
      interactions: {
        publicKey: readInteractionPublicKey(keys.publicKeyHex),
        dispatch: createTestDispatcher(testCommands.commands, logger),
        inFlight,
      },
    });
  });
  afterEach(async () => {
    testCommands.slowGate.open();
    await inFlight.drain();
    await app.close();
  });

  const post = (body: string, headers: Record<string, string>) =>
    app.inject({
      method: "POST",
      url: "/interactions",
      headers: { "content-type": "application/json", ...headers },
      payload: body,
    });
  const signedPost = (payload: unknown) => {
    const body = JSON.stringify(payload);
    return post(body, {
      "x-signature-ed25519": signInteraction(keys.privateKey, timestamp, body),
      "x-signature-timestamp": timestamp,
    });
  };

  describe("signature", () => {
    const body = JSON.stringify(pingInteraction);
    const expectRefused = (response: Awaited<ReturnType<typeof post>>) => {
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe("invalid request signature");
    };

    it("answers a signed PING with a PONG", async () => {
      const response = await signedPost(pingInteraction);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ type: 1 });
    });

    it("refuses a request signed with another application's key", async () => {
      const other = createApplicationKeys();
      expectRefused(
        await post(body, {
          "x-signature-ed25519": signInteraction(other.privateKey, timestamp, body),
          "x-signature-timestamp": timestamp,
        }),
      );
    });

    it("refuses a body changed after signing", async () => {
      const tampered = JSON.stringify({ ...pingInteraction, token: "another-token" });
      expectRefused(
        await post(tampered, {
          "x-signature-ed25519": signInteraction(keys.privateKey, timestamp, body),
          "x-signature-timestamp": timestamp,
        }),
      );
    });

    it("refuses a body that differs from the signed one only in whitespace", async () => {
      expectRefused(
        await post(`${body} `, {
          "x-signature-ed25519": signInteraction(keys.privateKey, timestamp, body),
          "x-signature-timestamp": timestamp,
        }),
      );
    });

    it("refuses a timestamp changed after signing", async () => {
      expectRefused(
        await post(body, {
          "x-signature-ed25519": signInteraction(keys.privateKey, timestamp, body),
          "x-signature-timestamp": "1730000001",
        }),
      );
    });

    it("refuses a genuine request signed more than 5 minutes from its clock, as a replay would be", async () => {
      for (const signedAt of ["1729999759", "1730000361"]) {
        expectRefused(
          await post(body, {
            "x-signature-ed25519": signInteraction(keys.privateKey, signedAt, body),
            "x-signature-timestamp": signedAt,
          }),
        );
      }
      const withinMargin = "1729999761";
      const accepted = await post(body, {
        "x-signature-ed25519": signInteraction(keys.privateKey, withinMargin, body),
        "x-signature-timestamp": withinMargin,
      });
      expect(accepted.statusCode).toBe(200);
    });

    it("refuses requests without the signature or the timestamp, or with a malformed signature", async () => {
      const signature = signInteraction(keys.privateKey, timestamp, body);
      expectRefused(await post(body, { "x-signature-timestamp": timestamp }));
      expectRefused(await post(body, { "x-signature-ed25519": signature }));
      expectRefused(await post(body, {}));
      expectRefused(await post(body, { "x-signature-ed25519": "zz", "x-signature-timestamp": timestamp }));
      expectRefused(
        await post(body, { "x-signature-ed25519": `${signature}00`, "x-signature-timestamp": timestamp }),
      );
    });

    it("refuses an unsigned body that is not even JSON before trying to read it", async () => {
      expectRefused(await post("{not json", { "x-signature-timestamp": timestamp }));
    });

    it("answers 400 to a genuine signature over something that is not an interaction", async () => {
      expect((await signedPost({ hello: "world" })).statusCode).toBe(400);
      const notJson = "{not json";
      const response = await post(notJson, {
        "x-signature-ed25519": signInteraction(keys.privateKey, timestamp, notJson),
        "x-signature-timestamp": timestamp,
      });
      expect(response.statusCode).toBe(400);
    });

    it("answers 400 to a genuine signature over an interaction without the fields its type is read by", async () => {
      const command = commandInteraction("echo");
      const { data: _data, ...withoutData } = command;
      const malformed = [
        withoutData,
        { ...command, type: 3, data: { component_type: 2 } },
        { ...command, type: 5, data: { custom_id: "form" } },
        { ...command, type: 99 },
        { ...command, member: { ...command.member, user: undefined } },
        { ...command, member: { ...command.member, permissions: "all of them" } },
      ];
      for (const [index, interaction] of malformed.entries()) {
        const response = await signedPost({ ...interaction, id: `13000000000000001${String(index)}` });
        expect(response.statusCode).toBe(400);
      }
    });

    it("says which field it could not read in its 400, as every JSON error body of the app", async () => {
      const command = commandInteraction("echo");
      const response = await signedPost({
        ...command,
        id: "1300000000000000200",
        member: { ...command.member, permissions: "all of them" },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: expect.stringContaining("body/member/permissions") as unknown,
        requestId: expect.any(String) as unknown,
      });
    });

    it("hands the handlers the interaction as it came, with the fields its schema does not name", async () => {
      const command = commandInteraction("whoami");
      const response = await signedPost({ ...command, member: { ...command.member, nick: "Ally" } });
      expect(response.json()).toMatchObject({ type: 4, data: { content: "you are Ally" } });
    });

    it("refuses a command of a type the bot has none of with a private answer", async () => {
      const response = await signedPost(commandInteraction("echo", ApplicationCommandType.User));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        type: 4,
        data: expect.objectContaining({ content: "This command is not available.", flags: 64 }) as unknown,
      });
    });
  });

  describe("replays", () => {
    it("runs a signed interaction once and refuses the same request sent again with 409", async () => {
      const body = JSON.stringify(commandInteraction("echo"));
      const headers = {
        "x-signature-ed25519": signInteraction(keys.privateKey, timestamp, body),
        "x-signature-timestamp": timestamp,
      };
      const first = await post(body, headers);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ type: 4, data: { content: "hello, alice" } });

      const replayed = await post(body, headers);
      expect(replayed.statusCode).toBe(409);
      expect(replayed.json()).toEqual({ error: "duplicate_interaction" });
    });

    it("does not run the handler again for a replayed request", async () => {
      const body = JSON.stringify(commandInteraction("slow"));
      const headers = {
        "x-signature-ed25519": signInteraction(keys.privateKey, timestamp, body),
        "x-signature-timestamp": timestamp,
      };
      expect((await post(body, headers)).json()).toEqual({ type: 5, data: { flags: 64 } });
      expect((await post(body, headers)).statusCode).toBe(409);

      testCommands.slowGate.open();
      await inFlight.drain();
      expect(testCommands.finished).toEqual(["slow"]);
    });
  });

  describe("answers", () => {
    it("sends a command's reply as the HTTP answer", async () => {
      const response = await signedPost(commandInteraction("echo"));
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        type: 4,
        data: expect.objectContaining({ content: "hello, alice" }) as unknown,
      });
    });

    it("sends a reply with files as multipart/form-data with payload_json and files[0]", async () => {
      const response = await signedPost(commandInteraction("chart"));
      expect(response.statusCode).toBe(200);
      const contentType = String(response.headers["content-type"]);
      expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
      // Read with the fake Discord's own multipart parser, the one that takes such answers end to end.
      const { json, files } = await parseMultipart(contentType, response.rawPayload);
      expect(json).toEqual({ type: 4, data: expect.objectContaining({ content: "your chart" }) as unknown });
      expect(files).toEqual([{ index: 0, filename: "rating.png", contentType: "image/png", data: pngBytes }]);
    });

    it("answers with the deferral while the handler is still running, and a stop waits for the handler", async () => {
      const response = await signedPost(commandInteraction("slow"));
      expect(response.json()).toEqual({ type: 5, data: { flags: 64 } });
      expect(testCommands.finished).toEqual([]);

      const drained = inFlight.drain().then(() => [...testCommands.finished]);
      testCommands.slowGate.open();
      expect(await drained).toEqual(["slow"]);
    });

    it("takes no new interaction once the bot is stopping", async () => {
      await inFlight.drain();
      const response = await signedPost(commandInteraction("echo"));
      expect(response.statusCode).toBe(503);
      // PING is no work: an instance still answers Discord's endpoint check.
      expect((await signedPost(pingInteraction)).json()).toEqual({ type: 1 });
    });

    it("answers 500 without internals when the handler ends without a response", async () => {
      const response = await signedPost(commandInteraction("silent"));
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: "internal_error", requestId: expect.any(String) as unknown });
    });
  });
});
