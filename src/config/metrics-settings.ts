// The metrics listener's settings (docs/architecture.md, "Running"): its own host and port, apart from the
// public listener, and an optional bearer token for operators who must expose it.
import { isIPv4, isIPv6 } from "node:net";
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

/**
 * What listening on `host` takes, as `family:address` words: `0.0.0.0` every IPv4 address (`ipv4:*`), `::`
 * every address of both families (Node listens there dual-stack), `localhost` both loopback addresses; a
 * name that is no address is taken as itself, and as any address a wildcard holds.
 */
function addressesOf(host: string): string[] {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  if (bare === "0.0.0.0") return ["ipv4:*"];
  if (bare === "::") return ["ipv4:*", "ipv6:*"];
  if (bare === "localhost") return ["ipv4:127.0.0.1", "ipv6:::1"];
  if (isIPv4(bare)) return [`ipv4:${bare}`];
  if (isIPv6(bare)) return [`ipv6:${bare}`];
  return [`name:${bare}`];
}

function overlaps(a: string, b: string): boolean {
  if (a === b) return true;
  const [familyA] = a.split(":");
  const [familyB] = b.split(":");
  const wildcard = (word: string) => word.endsWith(":*");
  // A name may be any address: it meets either family's wildcard.
  if (wildcard(a)) return familyB === familyA || familyB === "name";
  if (wildcard(b)) return familyA === familyB || familyA === "name";
  return false;
}

/**
 * A metrics port the HTTP server takes too, on an address both listen on (the same one, or one a wildcard
 * covers): the metrics listener would fail the start after the migrations, every restart. `0.0.0.0` and
 * `::1` share nothing. Only the bot's start listens (src/main.ts).
 */
export function describeListenerClash(listeners: {
  readonly http: { readonly host: string; readonly port: number };
  readonly metrics: { readonly host: string; readonly port: number | undefined };
}): string | undefined {
  const { http, metrics } = listeners;
  if (metrics.port === undefined || http.port === 0 || http.port !== metrics.port) return undefined;
  const metricsAddresses = addressesOf(metrics.host);
  const shared = addressesOf(http.host).some((address) =>
    metricsAddresses.some((other) => overlaps(address, other)),
  );
  if (!shared) return undefined;
  return (
    `METRICS_PORT: ${String(http.port)} is PORT too, on the same addresses; the metrics listener needs a port ` +
    "of its own (or METRICS_PORT=off)"
  );
}
