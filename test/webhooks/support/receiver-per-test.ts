// The receiver app for each test of the enclosing describe block, on its store, closed once the test ends.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import { afterEach } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import type { SecretBox } from "../../../src/secrets/secret-box.js";
import type { Database } from "../../../src/store/database.js";
import { createTestSecretBox } from "../../store/secret-box-fixture.js";
import { buildReceiverApp, type CountingMetrics, type ReceiverOptions } from "./receiver-app.js";

export const operatorPath = "/webhooks/platform";

export interface ReceiverPerTest {
  readonly box: SecretBox;
  readonly clock: ManualClock;
  /** Builds the receiver on the store, `box` and `clock`, unless `options` say otherwise. */
  readonly start: (
    options?: Partial<ReceiverOptions>,
  ) => Promise<{ app: FastifyInstance; metrics: CountingMetrics }>;
  /** Closes the current app now, so that the test can start another. */
  readonly closeApp: () => Promise<void>;
  /** Closes an app the test built itself once the test ends. */
  readonly closeAfterTest: (app: FastifyInstance) => void;
}

export function useReceiverPerTest(store: { readonly db: Kysely<Database> }): ReceiverPerTest {
  const box = createTestSecretBox();
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  return {
    box,
    clock,
    start: async (options = {}) => {
      const built = await buildReceiverApp({ db: store.db, secretBox: box, clock, ...options });
      app = built.app;
      return built;
    },
    closeApp: async () => {
      await app?.close();
    },
    closeAfterTest: (other) => {
      app = other;
    },
  };
}

/** Posts a delivery as JSON, to the operator route unless `url` names another. */
export function postDelivery(
  receiver: FastifyInstance,
  body: string | Buffer,
  headers: Record<string, string>,
  url = operatorPath,
): Promise<LightMyRequestResponse> {
  return receiver.inject({
    method: "POST",
    url,
    payload: body,
    headers: { "content-type": "application/json", ...headers },
  });
}
