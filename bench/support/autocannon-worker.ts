// The webhook load generator (bench/webhook-ingest.ts): autocannon in its own process, so the generator
// neither shares the server's event loop nor caps the bare route (a fetch loop in Node tops out near 2,000
// requests/s here, below what a bare Fastify route answers). Every body the measured run sends is signed before
// the warm-up starts, so the measured run itself only sends; the warm-up, which no figure counts, signs each
// of its bodies as it sends it.
import { createHmac } from "node:crypto";
import autocannon from "autocannon";

export interface LoadRequest {
  readonly url: string;
  readonly secret: string;
  readonly connections: number;
  readonly durationMs: number;
  /**
   * Load sent first and left out of every figure, so each target is measured once its code is compiled: in
   * a target's first seconds V8's compiler threads take a third of its CPU (the bot's larger code more).
   */
  readonly warmupMs: number;
  /** Makes the event ids of this run its own, so no delivery is a duplicate of another run's. */
  readonly runId: string;
  /**
   * Bodies signed in advance for the measured run; one needing more sends the first ones again (then answered
   * as duplicates). The warm-up's event ids follow theirs.
   */
  readonly bodies: number;
}

/** Sent over IPC once the warm-up is over, just before the first measured request. */
export interface LoadStarted {
  readonly started: true;
}

export interface LoadResult {
  /** 2xx answers a second, over the run. */
  readonly perSecond: number;
  readonly completed: number;
  /** Non-2xx answers, errors and time-outs. */
  readonly failed: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** How many answers were sent past the pool of signed bodies, so may be duplicates. */
  readonly reused: number;
  /** The event id of every 2xx answer, so the bench can find each acknowledged event in the database. */
  readonly ackedIds: readonly string[];
}

export function eventId(runId: string, sequence: number): string {
  return `evt_${runId}_${sequence}`;
}

function payload(runId: string, sequence: number): string {
  return JSON.stringify({
    id: eventId(runId, sequence),
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

interface SignedBody {
  readonly body: string;
  readonly headers: Record<string, string>;
}

function signBody(input: LoadRequest, sequence: number): SignedBody {
  const body = payload(input.runId, sequence);
  const signature = createHmac("sha256", input.secret).update(body).digest("hex");
  return {
    body,
    headers: { "content-type": "application/json", "x-service-signature": `sha256=${signature}` },
  };
}

/** What autocannon keeps per request (one in flight per connection): the sequence of the body it sent. */
interface SentContext {
  sequence?: number;
}

async function run(input: LoadRequest): Promise<LoadResult> {
  const bodies = Array.from({ length: input.bodies }, (_, sequence) => signBody(input, sequence));
  let sent = 0;
  let warmupSent = 0;
  // Acknowledged during the warm-up too: every acknowledged event must be in the database.
  const acked: number[] = [];
  const load = (durationMs: number, warmup: boolean) =>
    autocannon({
      url: input.url,
      connections: input.connections,
      duration: durationMs / 1000,
      requests: [
        {
          method: "POST",
          setupRequest: (request, context: SentContext) => {
            let signed: SignedBody;
            if (warmup) {
              context.sequence = bodies.length + warmupSent;
              signed = signBody(input, context.sequence);
              warmupSent += 1;
            } else {
              context.sequence = sent % bodies.length;
              signed = bodies[context.sequence]!;
              sent += 1;
            }
            return { ...request, body: signed.body, headers: signed.headers };
          },
          onResponse: (status, _body, context: SentContext) => {
            if (status >= 200 && status < 300 && context.sequence !== undefined) acked.push(context.sequence);
          },
        },
      ],
    });
  if (input.warmupMs > 0) await load(input.warmupMs, true);
  process.send?.({ started: true } satisfies LoadStarted);
  const result = await load(input.durationMs, false);
  const completed = result["2xx"];
  return {
    perSecond: completed / (result.duration > 0 ? result.duration : input.durationMs / 1000),
    completed,
    failed: result.non2xx + result.errors + result.timeouts,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    reused: Math.max(0, sent - bodies.length),
    ackedIds: acked.map((sequence) => eventId(input.runId, sequence)),
  };
}

// Started by the benchmark with the request as JSON in argv; answers over IPC: LoadStarted, then LoadResult.
const input = JSON.parse(process.argv[2] ?? "{}") as LoadRequest;
const result = await run(input);
process.send?.(result, () => {
  process.disconnect();
});
