import { describe, expect, it } from "vitest";
import { PlatformError, PlatformProtocolError, PlatformUnavailableError } from "../../src/api/errors.js";
import { describePlatformError } from "../../src/discord/describe-platform-error.js";
import { expectInert, hostileTexts } from "../support/hostile-text.js";

const now = Date.UTC(2026, 10, 21, 12, 0, 0);

describe("describePlatformError", () => {
  it("tells a rate-limited member when to retry, with the request id", () => {
    const error = new PlatformError({
      status: 429,
      code: "RATE_LIMIT_EXCEEDED",
      message: "Too many requests",
      retryAfter: 120,
      requestId: "req_123",
    });
    const described = describePlatformError(error, now);
    expect(described?.code).toBe("rate_limited");
    expect(described?.message).toContain(`<t:${now / 1000 + 120}:R>`);
    expect(described?.message).toContain("req_123");
  });

  it("names the invalid field of a validation error but not the platform's raw message", () => {
    const error = new PlatformError({
      status: 400,
      code: "INVALID_BATTLE_TYPE",
      message: "internal parser said: stack at line 3",
      details: { field: "type", value: "arena" },
    });
    const described = describePlatformError(error, now);
    expect(described?.message).toContain("`type`");
    expect(described?.message).not.toContain("stack");
  });

  it.each(hostileTexts.map((text) => `x\` ${text}`))(
    "shows a hostile request id and field name as text: %j",
    (hostile) => {
      const error = new PlatformError({
        status: 400,
        code: "X",
        message: "m",
        requestId: hostile,
        details: { field: hostile },
      });
      const described = describePlatformError(error, now);
      expect(described?.message).toContain("not valid");
      expectInert({ content: described?.message });
    },
  );

  it("maps each documented status to its own message", () => {
    const codes = [401, 403, 404, 409, 500].map(
      (status) => describePlatformError(new PlatformError({ status, code: "X", message: "m" }), now)?.code,
    );
    expect(codes).toEqual(["unauthorized", "forbidden", "not_found", "conflict", "platform_error"]);
  });

  it("describes time-outs, unreachable platforms and malformed answers", () => {
    expect(describePlatformError(new PlatformUnavailableError("timeout", "getBattle"), now)?.message).toMatch(
      /too long/,
    );
    expect(describePlatformError(new PlatformUnavailableError("network", "getBattle"), now)?.message).toMatch(
      /reached/,
    );
    expect(describePlatformError(new PlatformProtocolError("getBattle", ["id: missing"]), now)?.code).toBe(
      "platform_protocol",
    );
  });

  it("leaves unexpected errors to the generic handler", () => {
    expect(describePlatformError(new Error("boom"), now)).toBeUndefined();
  });
});
