// Each request's logger is made on its first line (src/http/request-logger.ts): what it logs must be what
// pino's child would have logged, bound to the request's id, redacted, at the route's level.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { lazyRequestLogger } from "../../src/http/request-logger.js";
import { captureLogs } from "../linking/support/linking-deps.js";

describe("the request logger", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  async function serve() {
    const logs = captureLogs("info");
    const loggerInstance: FastifyBaseLogger = logs.logger;
    const server = Fastify({
      loggerInstance,
      childLoggerFactory: lazyRequestLogger,
      disableRequestLogging: true,
    });
    app = server;
    server.get("/logs", (request) => {
      request.log.warn({ secret: "do-not-print", attempt: 2 }, "something to see");
      request.log.child({ part: "inner" }).info("from a child");
      return { id: request.id, level: request.log.level };
    });
    server.get("/quiet", (request) => ({ id: request.id, level: request.log.level }));
    server.get("/errors-only", { logLevel: "error" }, (request) => {
      request.log.warn("below the route's level");
      request.log.error("at the route's level");
      return { id: request.id, level: request.log.level };
    });
    const address = await server.listen({ host: "127.0.0.1", port: 0 });
    const get = async (path: string) => {
      const response = await fetch(`${address}${path}`);
      expect(response.status).toBe(200);
      return (await response.json()) as { id: string; level: string };
    };
    const linesOf = (id: string) =>
      logs.lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.reqId === id);
    return { get, linesOf, lines: logs.lines };
  }

  it("logs bound to the request's id, redacted, and through its children", async () => {
    const { get, linesOf, lines } = await serve();
    const { id, level } = await get("/logs");
    expect(level).toBe("info");
    const logged = linesOf(id);
    expect(logged).toEqual([
      expect.objectContaining({ level: 40, msg: "something to see", secret: "[redacted]", attempt: 2 }),
      expect.objectContaining({ level: 30, msg: "from a child", part: "inner" }),
    ]);
    expect(lines.join("")).not.toContain("do-not-print");
  });

  it("keeps a route's own level", async () => {
    const { get, linesOf } = await serve();
    const { id, level } = await get("/errors-only");
    expect(level).toBe("error");
    expect(linesOf(id)).toEqual([expect.objectContaining({ level: 50, msg: "at the route's level" })]);
  });

  it("writes nothing for a request that logs nothing", async () => {
    const { get, lines } = await serve();
    const before = lines.length;
    const { level } = await get("/quiet");
    expect(level).toBe("info");
    expect(lines.slice(before)).toEqual([]);
  });
});
