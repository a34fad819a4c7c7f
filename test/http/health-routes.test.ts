import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildTestApp } from "./support/test-app.js";

describe("health routes", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it("answers /healthz while the process is alive", async () => {
    app = await buildTestApp({ readinessChecks: [] });
    const response = await app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("reports not ready, naming the failing dependency, when a check fails or throws", async () => {
    app = await buildTestApp({
      readinessChecks: [
        { name: "database", check: () => true },
        { name: "gateway", check: () => false },
        { name: "cache", check: () => Promise.reject(new Error("boom")) },
      ],
    });
    const response = await app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: "not ready",
      checks: { database: "ok", gateway: "failing", cache: "failing" },
    });
  });

  it("shows why a check fails when it says so", async () => {
    app = await buildTestApp({
      readinessChecks: [
        {
          name: "database",
          check: () => Promise.resolve("cannot write: disk full (since 2026-12-01T12:00:00.000Z)"),
        },
        { name: "gateway", check: () => true },
      ],
    });
    const response = await app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: "not ready",
      checks: { database: "cannot write: disk full (since 2026-12-01T12:00:00.000Z)", gateway: "ok" },
    });
    const alive = await app.inject({ method: "GET", url: "/healthz" });
    expect(alive.statusCode).toBe(200);
  });

  it("is ready when every check passes", async () => {
    app = await buildTestApp({
      readinessChecks: [{ name: "database", check: () => Promise.resolve(true) }],
    });
    const response = await app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ready" });
  });
});
