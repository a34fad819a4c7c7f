// The raw-body plugin of the two signed routes (src/webhooks/raw-body.ts): in the context that registers it,
// every body is the exact bytes received, so a signature can be checked over them before anything parses.
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { keepRawBody, rawBodySchema, readRawBody } from "../../src/webhooks/raw-body.js";

describe("the raw-body plugin", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** `/signed` keeps the bytes; `/verified` checks them in a hook, then its schema; `/plain` is outside. */
  async function build(): Promise<FastifyInstance> {
    const built = Fastify();
    built.setValidatorCompiler(validatorCompiler);
    built.setSerializerCompiler(serializerCompiler);
    await built.register(async (signed) => {
      await signed.register(keepRawBody);
      signed
        .withTypeProvider<ZodTypeProvider>()
        .post("/signed", { schema: { body: rawBodySchema } }, (request) => ({
          bytes: request.body.toString("base64"),
        }));
    });
    await built.register(async (verified) => {
      await verified.register(keepRawBody);
      verified.addHook("preValidation", async (request, reply) => {
        const text = readRawBody(request).toString("utf8");
        if (!text.startsWith("signed:")) return reply.code(401).send({ error: "unsigned" });
        const parsed: unknown = JSON.parse(text.slice("signed:".length));
        request.body = parsed;
        return undefined;
      });
      verified
        .withTypeProvider<ZodTypeProvider>()
        .post("/verified", { schema: { body: z.object({ count: z.int() }) } }, (request) => ({
          count: request.body.count,
        }));
    });
    built.post("/plain", (request) => ({ type: typeof request.body }));
    app = built;
    return built;
  }

  it("keeps every body as the bytes received, whatever its content type says", async () => {
    const built = await build();
    const bodies: [string, Buffer][] = [
      ["application/json", Buffer.from('{"a": 1} ')],
      ["application/x-www-form-urlencoded", Buffer.from("a=1&b=2")],
      ["text/plain; charset=latin1", Buffer.from([0xe9, 0x00, 0xff])],
      ["multipart/form-data; boundary=x", Buffer.from("--x--")],
    ];
    for (const [contentType, body] of bodies) {
      const response = await built.inject({
        method: "POST",
        url: "/signed",
        headers: { "content-type": contentType },
        payload: body,
      });
      expect(response.json()).toEqual({ bytes: body.toString("base64") });
    }
  });

  it("gives a request without a body or a content type no bytes, rather than no body", async () => {
    const built = await build();
    const response = await built.inject({ method: "POST", url: "/signed" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ bytes: "" });
  });

  it("lets a hook check the bytes before the route's schema sees the body it parsed from them", async () => {
    const built = await build();
    const post = (payload: string) =>
      built.inject({ method: "POST", url: "/verified", headers: { "content-type": "text/plain" }, payload });
    expect((await post('signed:{"count": 3}')).json()).toEqual({ count: 3 });
    // Refused by the hook before anything is parsed, however malformed.
    expect((await post("{not json")).statusCode).toBe(401);
    expect((await post('signed:{"count": "many"}')).statusCode).toBe(400);
  });

  it("leaves the parsing of the routes outside its context alone", async () => {
    const built = await build();
    const response = await built.inject({ method: "POST", url: "/plain", payload: { a: 1 } });
    expect(response.json()).toEqual({ type: "object" });
  });
});
