// The webhook load generator (bench/webhook-ingest.ts): autocannon in its own process, so the generator
// neither shares the server's event loop nor caps the bare route (a fetch loop in Node tops out near 2,000
// requests/s here, below what a bare Fastify route answers). It stays up for the whole bench and runs one load
// at a time as the bench asks over IPC: a warm-up, which no figure counts and which signs each body as it sends
// it, or a measured round, whose bodies are all signed before it starts, so the round itself only sends.
import { createHmac } from "node:crypto";
import autocannon from "autocannon";

/** The generator's settings, as JSON in argv: the same for every load it sends. */
export interface GeneratorSettings {
  readonly secret: string;
  readonly connections: number;
}

/** One load, sent to the generator over IPC; it answers LoadStarted (a measured round only), then LoadResult. */
export interface LoadRequest {
  readonly url: string;
  readonly durationMs: number;
  /**
   * A warm-up is left out of every figure, so each target is measured once its code is compiled: in a
   * target's first seconds V8's compiler threads take a third of its CPU (the bot's larger code more).
   */
  readonly warmup: boolean;
  /** Makes the event ids of this load its own, so no delivery is a duplicate of another load's. */
  readonly runId: string;
  /**
   * A measured round's bodies, signed before it starts; one needing more sends the first ones again (then
   * answered as duplicates). A warm-up signs its own as it sends them.
   */
  readonly bodies: number;
}

/** Sent over IPC once the generator listens for loads. */
export interface GeneratorReady {
  readonly ready: true;
}

/** Sent over IPC once a measured round's bodies are signed, just before its first request. */
export interface LoadStarted {
  readonly started: true;
}

export interface LoadResult {
  /** 2xx answers a second, over the run. */
  readonly perSecond: number;
  readonly completed: number;
  /** Non-2xx answers, errors and time-outs. */
  readonly failed: number;
  /** Every answer's time in ms, a measured round's (none for a warm-up). */
  readonly latenciesMs: readonly number[];
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

function signBody(settings: GeneratorSettings, runId: string, sequence: number): SignedBody {
  const body = payload(runId, sequence);
  const signature = createHmac("sha256", settings.secret).update(body).digest("hex");
  return {
    body,
    headers: { "content-type": "application/json", "x-service-signature": `sha256=${signature}` },
  };
}

/** What autocannon keeps per request (one in flight per connection): the sequence of the body it sent. */
interface SentContext {
  sequence?: number;
}

async function run(settings: GeneratorSettings, input: LoadRequest): Promise<LoadResult> {
  const bodies = input.warmup
    ? []
    : Array.from({ length: input.bodies }, (_, sequence) => signBody(settings, input.runId, sequence));
  let sent = 0;
  const acked: number[] = [];
  const latenciesMs: number[] = [];
  if (!input.warmup) process.send?.({ started: true } satisfies LoadStarted);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: input.url,
        connections: settings.connections,
        duration: input.durationMs / 1000,
        requests: [
          {
            method: "POST",
            setupRequest: (request, context: SentContext) => {
              context.sequence = input.warmup ? sent : sent % bodies.length;
              const signed = input.warmup ? signBody(settings, input.runId, sent) : bodies[context.sequence]!;
              sent += 1;
              return { ...request, body: signed.body, headers: signed.headers };
            },
            onResponse: (status, _body, context: SentContext) => {
              if (status >= 200 && status < 300 && context.sequence !== undefined)
                acked.push(context.sequence);
            },
          },
        ],
      },
      (error: unknown, done) => {
        if (error === null || error === undefined) resolve(done);
        else
          reject(error instanceof Error ? error : new Error(`autocannon failed: ${JSON.stringify(error)}`));
      },
    );
    // Every answer's time, so the bench can take percentiles over all of a target's rounds together.
    if (!input.warmup)
      instance.on("response", (_client, _status, _bytes, responseTime) => latenciesMs.push(responseTime));
  });
  const completed = result["2xx"];
  return {
    perSecond: completed / (result.duration > 0 ? result.duration : input.durationMs / 1000),
    completed,
    failed: result.non2xx + result.errors + result.timeouts,
    latenciesMs,
    reused: input.warmup ? 0 : Math.max(0, sent - bodies.length),
    ackedIds: acked.map((sequence) => eventId(input.runId, sequence)),
  };
}

// Started by the benchmark with its settings as JSON in argv; says it is ready once it listens (a message sent
// before would be lost), then runs each load it is sent, one after another, until the bench disconnects.
const settings = JSON.parse(process.argv[2] ?? "{}") as GeneratorSettings;
let queue = Promise.resolve();
process.on("message", (request: LoadRequest) => {
  queue = queue
    .then(async () => {
      const result = await run(settings, request);
      process.send?.(result);
    })
    .catch((error: unknown) => {
      // The bench sees the exit, with this on stderr, in place of the result it waits for.
      console.error(error);
      process.exit(1);
    });
});
process.on("disconnect", () => {
  void queue.finally(() => process.exit(0));
});
process.send?.({ ready: true } satisfies GeneratorReady);
