// With a real clock, timers drive the sandbox; a large time scale makes the spec's 40-minute retry
// schedule and a battle's time limit pass in well under a second, without the test sleeping.
import { afterEach, expect, it } from "vitest";
import { buildSandbox, type Sandbox } from "../../sandbox/sandbox.js";
import { parsePayload } from "./support/answers.js";
import { startReceiver, type Receiver } from "./support/receiver.js";
import { call } from "./support/sandbox.js";

let sandbox: Sandbox | undefined;
let receiver: Receiver | undefined;
afterEach(async () => {
  await sandbox?.close();
  await receiver?.close();
});

it("retries on timers scaled by SANDBOX_TIME_SCALE until the fifth attempt", async () => {
  sandbox = await buildSandbox({ timeScale: 20_000 });
  const url = await sandbox.listen();
  receiver = await startReceiver(500);
  const key = sandbox.keys[0]!.key;
  const webhook = await call(url, "POST", "/api/v1/webhooks", {
    key,
    body: { url: receiver.url, events: ["user.profile_updated"], secret: "scaled-secret" },
  });
  await call(url, "PUT", "/v1/users/me", { key, body: { bio: "fast" } });

  const attempts = await receiver.waitFor(5);
  expect(new Set(attempts.map((attempt) => parsePayload(attempt.body).id)).size).toBe(1);
  await sandbox.idle();
  const failed = await call(url, "GET", `/api/v1/webhooks/${webhook.body.id}/failed_deliveries`, { key });
  expect(failed.body.failed_deliveries[0]).toMatchObject({ attempts: 5, next_retry: null });
});

it("ends a battle on a timer when its scaled time limit runs out", async () => {
  sandbox = await buildSandbox({ timeScale: 20_000 });
  const url = await sandbox.listen();
  receiver = await startReceiver();
  const key = sandbox.keys[1]!.key;
  await call(url, "POST", "/api/v1/webhooks", {
    key,
    body: { url: receiver.url, events: ["battle.completed"], secret: "scaled-secret" },
  });
  const battle = await call(url, "POST", "/v1/battles", {
    key,
    body: { type: "practice", difficulty: "easy", language: "python", timeLimit: 600, participants: 2 },
  });
  await call(url, "POST", `/v1/battles/${battle.body.id}/join`, { key });

  const [completed] = await receiver.waitFor(1);
  expect(parsePayload(completed!.body).data).toMatchObject({ id: battle.body.id, duration: 600 });
});
