// The metrics port refused when the HTTP server takes it on an address both would listen on
// (src/config/metrics-settings.ts): `0.0.0.0` holds every IPv4 address and no IPv6 one, `::` every address of
// both families (Node listens there dual-stack), `localhost` both loopback addresses.
import { describe, expect, it } from "vitest";
import { describeListenerClash } from "../../src/config/metrics-settings.js";

const clashes = (httpHost: string, metricsHost: string): boolean =>
  describeListenerClash({
    http: { host: httpHost, port: 9464 },
    metrics: { host: metricsHost, port: 9464 },
  }) !== undefined;

describe("the metrics listener's clash with the HTTP server's", () => {
  it.each([
    ["0.0.0.0", "::1"],
    ["0.0.0.0", "[::1]"],
    ["::1", "0.0.0.0"],
    ["127.0.0.1", "::1"],
    ["10.0.0.5", "10.0.0.6"],
  ])("leaves %s and %s apart", (httpHost, metricsHost) => {
    expect(clashes(httpHost, metricsHost)).toBe(false);
  });

  it.each([
    ["0.0.0.0", "127.0.0.1"],
    ["0.0.0.0", "localhost"],
    ["::", "127.0.0.1"],
    ["[::]", "::1"],
    ["::", "0.0.0.0"],
    ["localhost", "::1"],
    ["10.0.0.5", "10.0.0.5"],
    ["0.0.0.0", "metrics.internal"],
    ["metrics.internal", "::"],
  ])("refuses %s beside %s", (httpHost, metricsHost) => {
    expect(clashes(httpHost, metricsHost)).toBe(true);
  });

  it("takes any hosts on different ports", () => {
    expect(
      describeListenerClash({ http: { host: "::", port: 3000 }, metrics: { host: "::", port: 9464 } }),
    ).toBeUndefined();
  });
});
