// How the outbox and tier-role workers share work between instances (docs/architecture.md, "Growing past one
// machine"): how long a claimed row is one instance's, and how often an idle worker looks for due rows.
import { z } from "zod";
import { optionalString } from "./setting-parsers.js";

// At least 5 s: a claimed batch of 100 takes 2 s at Discord's 50 requests a second, and a channel's 5-per-5-s
// limit can hold a row up to 5 s; shorter, rows expire waiting their turn and are claimed over and over.
// At most 300 s, so a row resent after its instance died is still inside Discord's nonce window.
export const leaseSeconds = optionalString.pipe(
  z.coerce
    .number<string | undefined>({ error: "must be a whole number of seconds" })
    .int("must be a whole number of seconds")
    .min(5, "must be at least 5 seconds")
    .max(300, "must be at most 300 seconds (Discord remembers a nonce only a few minutes)")
    .default(60),
);

// The safety net behind the wake-ups: rows enqueued by this instance are claimed at once, and a dead
// instance's rows when their lease ends, so polling only finds rows another instance enqueued.
export const pollIntervalMs = optionalString.pipe(
  z.coerce
    .number<string | undefined>({ error: "must be a whole number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(100, "must be at least 100 ms")
    .max(60_000, "must be at most 60000 ms")
    .default(5000),
);
