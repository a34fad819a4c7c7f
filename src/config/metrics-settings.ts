// The metrics listener's settings (docs/architecture.md, "Running"): its own host and port, apart from the
// public listener, and an optional bearer token for operators who must expose it.
import { z } from "zod";
import { optionalString } from "./setting-parsers.js";

/** The metrics listener's port when METRICS_PORT is unset. */
export const defaultMetricsPort = 9464;

/** A port, or `off` / `0`: no metrics listener at all. Unset means the default port. */
export const metricsPort = optionalString
  .transform((value) => value ?? String(defaultMetricsPort))
  .pipe(
    z
      .string()
      .regex(/^(off|\d+)$/, 'must be a port number, or "off" (or 0) for no metrics listener')
      .transform((value) => (value === "off" ? 0 : Number(value)))
      .refine((port) => port <= 65_535, "must be at most 65535")
      .transform((port) => (port === 0 ? undefined : port)),
  );

/**
 * Long enough that guessing it is hopeless; it travels in every scrape's Authorization header, as one word
 * after `Bearer` (a token with a space in it could never be sent).
 */
export const metricsToken = optionalString.pipe(
  z
    .string()
    .min(16, "must be at least 16 characters")
    .regex(/^\S+$/, "must not contain spaces: scrapes send it as `Authorization: Bearer <token>`")
    .optional(),
);

/** Addresses that take every interface's connections: a port there is the port on every address. */
const wildcardHosts = new Set(["0.0.0.0", "::", "[::]"]);
/** The loopback addresses `localhost` listens on: a port there is the port on each. */
const localhostAddresses = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/**
 * A metrics port the HTTP server takes too, on the same address or either on every one: the metrics listener
 * would fail the start after the migrations, every restart. Only the bot's start listens (src/main.ts).
 */
export function describeListenerClash(listeners: {
  readonly http: { readonly host: string; readonly port: number };
  readonly metrics: { readonly host: string; readonly port: number | undefined };
}): string | undefined {
  const { http, metrics } = listeners;
  if (metrics.port === undefined || http.port === 0 || http.port !== metrics.port) return undefined;
  const shared =
    http.host === metrics.host ||
    wildcardHosts.has(http.host) ||
    wildcardHosts.has(metrics.host) ||
    ((http.host === "localhost" || metrics.host === "localhost") &&
      localhostAddresses.has(http.host) &&
      localhostAddresses.has(metrics.host));
  if (!shared) return undefined;
  return (
    `METRICS_PORT: ${String(http.port)} is PORT too, on the same addresses; the metrics listener needs a port ` +
    "of its own (or METRICS_PORT=off)"
  );
}
