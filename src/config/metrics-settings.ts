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

/** Long enough that guessing it is hopeless; it travels in every scrape's Authorization header. */
export const metricsToken = optionalString.pipe(
  z.string().min(16, "must be at least 16 characters").optional(),
);
