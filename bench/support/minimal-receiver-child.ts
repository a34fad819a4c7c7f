// The ingest benchmark's baseline for durable work (bench/webhook-ingest.ts; docs/architecture.md,
// "Performance targets"): the least a receiver that acknowledges only stored events does, in the bot's runtime,
// in its own process. It verifies the HMAC, parses the body, inserts the event by id into SQLite (WAL,
// synchronous=FULL), commits every insert of one event-loop turn in one transaction, and answers after that.
import Database from "better-sqlite3";
import Fastify from "fastify";
import { verifySignature } from "../../src/webhooks/verify-signature.js";
import { serveTarget, webhookPath } from "./ingest-target.js";

export interface MinimalReceiverRequest {
  readonly databaseFile: string;
  readonly secret: string;
}

interface Waiting {
  readonly id: string;
  readonly payload: string;
  readonly settle: (error?: Error) => void;
}

const { databaseFile, secret } = JSON.parse(process.argv[2] ?? "{}") as MinimalReceiverRequest;
const db = new Database(databaseFile);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.exec("create table if not exists events (id text primary key, payload text not null)");
const insert = db.prepare("insert into events (id, payload) values (?, ?) on conflict do nothing");
const insertAll = db.transaction((batch: readonly Waiting[]) => {
  for (const event of batch) insert.run(event.id, event.payload);
});

let waiting: Waiting[] = [];
/** Its commits so far, for the bench's report (ingest-target.ts). */
const commits = { count: 0, writes: 0, seconds: 0 };

/** Runs once per event-loop turn that received events, after that turn's requests were read. */
function commitTurn(): void {
  const batch = waiting;
  waiting = [];
  let failure: Error | undefined;
  const started = performance.now();
  try {
    insertAll(batch);
    commits.count += 1;
    commits.writes += batch.length;
    commits.seconds += (performance.now() - started) / 1000;
  } catch (error) {
    failure = error instanceof Error ? error : new Error("the commit failed", { cause: error });
  }
  for (const event of batch) event.settle(failure);
}

function store(id: string, payload: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (waiting.length === 0) setImmediate(commitTurn);
    waiting.push({
      id,
      payload,
      settle: (error) => {
        if (error === undefined) resolve();
        else reject(error);
      },
    });
  });
}

const app = Fastify();
// The signature covers the exact bytes, so the body stays a Buffer.
app.removeAllContentTypeParsers();
app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => {
  done(null, body);
});
app.post(webhookPath, async (request, reply) => {
  const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const signature = request.headers["x-service-signature"];
  if (!verifySignature(rawBody, typeof signature === "string" ? signature : undefined, [secret]))
    return reply.code(401).send({ error: "invalid_signature" });
  const payload = rawBody.toString("utf8");
  const { id } = JSON.parse(payload) as { id?: unknown };
  if (typeof id !== "string") return reply.code(400).send({ error: "bad_request" });
  await store(id, payload);
  return { status: "accepted", eventId: id };
});
await serveTarget(
  app,
  async () => {
    await app.close();
    db.close();
  },
  () => Promise.resolve({ ...commits }),
);
