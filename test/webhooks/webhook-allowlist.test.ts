import { describe, expect, it } from "vitest";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { battleCompletedData, sign, standardEvent } from "./support/payloads.js";
import { buildReceiverApp, operatorSecret, type ReceiverOptions } from "./support/receiver-app.js";
import { operatorPath, useReceiverPerTest } from "./support/receiver-per-test.js";
import { countStored } from "./support/store-counts.js";

// The address logic does not depend on the database; one is enough.
const [database] = testDatabases();

describe("the source allowlist (WEBHOOK_ALLOWED_IPS)", () => {
  const store = useMigratedStore(database!);
  const { box, clock, start } = useReceiverPerTest(store);

  async function deliver(
    options: Partial<ReceiverOptions>,
    from: { remoteAddress: string; forwardedFor?: string },
  ) {
    const built = await start(options);
    const body = standardEvent({ event: "battle.completed", data: battleCompletedData() });
    const response = await built.app.inject({
      method: "POST",
      url: operatorPath,
      payload: body,
      remoteAddress: from.remoteAddress,
      headers: {
        "content-type": "application/json",
        "x-service-signature": sign(body, operatorSecret),
        ...(from.forwardedFor === undefined ? {} : { "x-forwarded-for": from.forwardedFor }),
      },
    });
    return { response, metrics: built.metrics };
  }

  it("accepts every address while the list is empty", async () => {
    const { response } = await deliver({}, { remoteAddress: "203.0.113.9" });
    expect(response.statusCode).toBe(200);
  });

  it("accepts the platform's ranges and refuses anyone else with 403, storing nothing", async () => {
    const allowed = await deliver({ allowedSources: ["platform"] }, { remoteAddress: "140.82.112.5" });
    expect(allowed.response.statusCode).toBe(200);
    await store.db.deleteFrom("inbox_events").execute();

    const { response, metrics } = await deliver(
      { allowedSources: ["platform"] },
      { remoteAddress: "203.0.113.9" },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "forbidden" });
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
    expect(metrics.count("rejected:source_not_allowed")).toBe(1);
  });

  it("ignores X-Forwarded-For unless TRUSTED_PROXIES is set", async () => {
    const { response } = await deliver(
      { allowedSources: ["platform"] },
      { remoteAddress: "127.0.0.1", forwardedFor: "140.82.112.5" },
    );
    expect(response.statusCode).toBe(403);
  });

  it("believes X-Forwarded-For from a trusted proxy", async () => {
    const { response } = await deliver(
      { allowedSources: ["platform"], trustedProxies: ["127.0.0.1/32"] },
      { remoteAddress: "127.0.0.1", forwardedFor: "140.82.112.5" },
    );
    expect(response.statusCode).toBe(200);
  });

  it("refuses a forwarded address the trusted proxy did not vouch for", async () => {
    const { response } = await deliver(
      { allowedSources: ["platform"], trustedProxies: ["127.0.0.1/32"] },
      { remoteAddress: "127.0.0.1", forwardedFor: "140.82.112.5, 203.0.113.9" },
    );
    expect(response.statusCode).toBe(403);
  });

  it("refuses X-Forwarded-For from an address that is not a trusted proxy", async () => {
    const { response } = await deliver(
      { allowedSources: ["platform"], trustedProxies: ["127.0.0.1/32"] },
      { remoteAddress: "203.0.113.9", forwardedFor: "140.82.112.5" },
    );
    expect(response.statusCode).toBe(403);
  });

  it("fails to start with an entry that is not an address, naming it", async () => {
    await expect(
      buildReceiverApp({ db: store.db, secretBox: box, clock, allowedSources: ["platfrom"] }),
    ).rejects.toThrow('WEBHOOK_ALLOWED_IPS: "platfrom"');
  });
});
