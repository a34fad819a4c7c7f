// Each request's logger is made on its first line (src/http/request-logger.ts): what it logs must be what
// pino's child would have logged, bound to the request's id, redacted, at the route's level, and a request
// that logs nothing must make no child at all.
import { Writable } from "node:stream";
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { lazyRequestLogger } from "../../src/http/request-logger.js";
import { redactedPaths } from "../../src/logger.js";

describe("the request logger", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  /** A server logging through the bot's redaction, counting the child loggers pino makes. */
  async function serve() {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString("utf8"));
        done();
      },
    });
    const made = { children: 0 };
    const loggerInstance: FastifyBaseLogger = pino(
      {
        level: "info",
        redact: { paths: redactedPaths, censor: "[redacted]" },
        onChild: () => {
          made.children += 1;
        },
      },
      destination,
    );
    const server = Fastify({
      loggerInstance,
      childLoggerFactory: lazyRequestLogger,
      logController: new LogController({ disableRequestLogging: true }),
    });
    app = server;
    server.get("/logs", (request) => {
      request.log.warn({ secret: "do-not-print", attempt: 2 }, "something to see");
      request.log.child({ part: "inner" }).info("from a child");
      return { id: request.id, level: request.log.level };
    });
    server.get("/quiet", (request) => ({ id: request.id, level: request.log.level }));
    server.get("/errors-only", { logLevel: "error" }, (request) => {
      const before = request.log.level;
      request.log.warn("below the route's level");
      request.log.error("at the route's level");
      return { id: request.id, level: before };
    });
    server.get("/louder", { logLevel: "warn" }, (request) => {
      request.log.level = "debug";
      request.log.debug("after the level was lowered");
      return { id: request.id, level: request.log.level };
    });
    await server.ready();
    const get = async (url: string) => {
      const response = await server.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      return response.json<{ id: string; level: string }>();
    };
    const linesOf = (id: string) =>
      lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.reqId === id);
    return { get, linesOf, lines, made };
  }

  it("logs bound to the request's id, redacted, and through its children", async () => {
    const { get, linesOf, lines } = await serve();
    const { id, level } = await get("/logs");
    expect(level).toBe("info");
    expect(linesOf(id)).toEqual([
      expect.objectContaining({ level: 40, msg: "something to see", secret: "[redacted]", attempt: 2 }),
      expect.objectContaining({ level: 30, msg: "from a child", part: "inner" }),
    ]);
    expect(lines.join("")).not.toContain("do-not-print");
  });

  it("keeps a route's own level, before its first line and after", async () => {
    const { get, linesOf } = await serve();
    const errorsOnly = await get("/errors-only");
    expect(errorsOnly.level).toBe("error");
    expect(linesOf(errorsOnly.id)).toEqual([
      expect.objectContaining({ level: 50, msg: "at the route's level" }),
    ]);
    const louder = await get("/louder");
    expect(louder.level).toBe("debug");
    expect(linesOf(louder.id)).toEqual([
      expect.objectContaining({ level: 20, msg: "after the level was lowered" }),
    ]);
  });

  it("makes no logger and writes nothing for a request that logs nothing", async () => {
    const { get, lines, made } = await serve();
    // Fastify makes its own at start: only the requests' are counted.
    const atStart = made.children;
    const { level } = await get("/quiet");
    expect(level).toBe("info");
    expect(lines).toEqual([]);
    expect(made.children).toBe(atStart);
    // The same server makes one for a request that logs, and one more for that request's own child.
    await get("/logs");
    expect(made.children).toBe(atStart + 2);
  });
});
