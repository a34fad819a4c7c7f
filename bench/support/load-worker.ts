// A load generator in its own process, so measuring does not slow the server down more than the second
// core allows. Sends POSTs over `connections` keep-alive connections for `durationMs`.
import { createHmac } from "node:crypto";

export interface LoadRequest {
  readonly url: string;
  readonly secret: string;
  readonly connections: number;
  readonly durationMs: number;
  readonly runId: string;
}

export interface LoadResult {
  readonly completed: number;
  readonly failed: number;
  readonly latenciesMs: number[];
  readonly elapsedMs: number;
}

function payload(runId: string, sequence: number): string {
  return JSON.stringify({
    id: `evt_${runId}_${sequence}`,
    event: "battle.completed",
    created: new Date().toISOString(),
    data: {
      object: "battle",
      id: `bat_${runId}_${sequence}`,
      mode: "realtime",
      difficulty: "medium",
      problem: { id: "prb_1", title: "Two Sum", difficulty: "medium" },
      participants: [
        { user_id: "usr_1", username: "alice", score: 100, submission_time: 90, rank: 1 },
        { user_id: "usr_2", username: "bob", score: 60, submission_time: 120, rank: 2 },
      ],
      winner: "usr_1",
      duration: 300,
    },
    request: { id: `req_${sequence}`, idempotency_key: `idem_${runId}_${sequence}` },
  });
}

async function run(input: LoadRequest): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  let completed = 0;
  let failed = 0;
  let sequence = 0;
  const started = performance.now();
  const deadline = started + input.durationMs;
  const loop = async () => {
    while (performance.now() < deadline) {
      const body = payload(input.runId, sequence++);
      const signature = createHmac("sha256", input.secret).update(body).digest("hex");
      const sent = performance.now();
      // Node's fetch keeps connections alive: one per concurrent loop.
      const response = await fetch(input.url, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "x-service-signature": `sha256=${signature}` },
      });
      await response.arrayBuffer();
      latenciesMs.push(performance.now() - sent);
      if (response.status === 200) completed += 1;
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: input.connections }, loop));
  const elapsedMs = performance.now() - started;
  return { completed, failed, latenciesMs, elapsedMs };
}

// Started by the benchmark with the request as JSON in argv; answers with the result as JSON on stdout.
const input = JSON.parse(process.argv[2] ?? "{}") as LoadRequest;
process.stdout.write(JSON.stringify(await run(input)));
