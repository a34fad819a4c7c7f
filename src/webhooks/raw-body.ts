// The raw-body plugin of the two signed routes: POST /webhooks/platform[/:endpointId] (HMAC,
// docs/architecture.md, "Webhooks in" step 1) and POST /interactions (Ed25519, "Commands" step 1). A
// signature covers the exact bytes received, so in the context that registers this plugin every body,
// whatever its content type, stays those bytes until the route has verified them: nothing unverified is
// parsed.
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { z } from "zod";

/** The body of a signed route as its schema declares it: the bytes the signature is checked over. */
export const rawBodySchema = z.instanceof(Buffer);

const keepRawBodyPlugin: FastifyPluginAsync = (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => {
    done(null, body);
  });
  // A POST without a content type and without a body reaches no parser; it has bytes to verify all the same.
  app.addHook("preValidation", (request, _reply, done) => {
    request.body ??= Buffer.alloc(0);
    done();
  });
  return Promise.resolve();
};

/** Not encapsulated: it applies to the routes of the plugin that registers it, and to no other. */
export const keepRawBody = fastifyPlugin(keepRawBodyPlugin);

/** A signed route's bytes, read in a hook that runs before the route's schema (its declared type) holds. */
export function readRawBody(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}
