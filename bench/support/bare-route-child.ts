// The ingest benchmark's upper bound (bench/webhook-ingest.ts): a bare Fastify route answering 200 to the
// same requests, with nothing verified or stored, in its own process.
import Fastify from "fastify";
import { serveTarget, webhookPath } from "./ingest-target.js";

const app = Fastify();
app.post(webhookPath, () => ({ status: "accepted" }));
await serveTarget(app, () => app.close());
