// How long the public HTTP listener waits for a client, and how many it holds at once (docs/architecture.md,
// "Running"): a webhook whose body drips in a byte at a time, or a crowd of idle connections, must not hold
// sockets for minutes. The defaults let a 256 KiB webhook arrive over a slow link and still cut a drip.
import { z } from "zod";
import { optionalString } from "./setting-parsers.js";

function milliseconds(bounds: { min: number; max: number; default: number }) {
  return optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: "must be a whole number of milliseconds" })
      .int("must be a whole number of milliseconds")
      .min(bounds.min, `must be at least ${String(bounds.min)} ms`)
      .max(bounds.max, `must be at most ${String(bounds.max)} ms`)
      .default(bounds.default),
  );
}

/** The whole request, headers and body, must have arrived within this; else 408 and the connection closes. */
export const requestTimeoutMs = milliseconds({ min: 1000, max: 600_000, default: 30_000 });
/** A socket on which nothing at all happens for this long is closed. */
export const connectionTimeoutMs = milliseconds({ min: 1000, max: 3_600_000, default: 60_000 });
/** A kept-alive connection idle between requests for this long is closed. */
export const keepAliveTimeoutMs = milliseconds({ min: 100, max: 600_000, default: 5000 });
/** Connections past this many are refused at once. */
export const maxConnections = optionalString.pipe(
  z.coerce
    .number<string | undefined>({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(100_000, "must be at most 100000")
    .default(1000),
);
