// A rating change posted to a channel waits a short window before it is due, so the other changes of its
// contest (a battle's players, a tournament's field) arrive meanwhile and go out with it as one summary
// (docs/architecture.md, "Posting"). Anything else is due at once.
import type { KnownPlatformEvent } from "../events/platform-event.js";
import { describeContestKey, readRatingContest } from "../events/rating-contest.js";
import type { OutboxTarget } from "./select-targets.js";

/**
 * How long a contest's rating changes wait for one another. The platform sends them one delivery each, a few
 * milliseconds apart; a retry of one that failed comes minutes later and makes a summary of its own.
 */
export const ratingSummaryWindowMs = 3000;

/** The summary key and due time of a row, when the row is a rating change posted to a channel (or its thread). */
export function describeSummaryRow(
  event: KnownPlatformEvent,
  target: OutboxTarget,
  now: number,
): { readonly summaryKey?: string; readonly dueAt?: number } {
  // A test change is posted on its own, never among a real contest's (docs/platform-assumptions.md, "Test
  // deliveries").
  const posted = target.action === "post" || target.action === "thread-post";
  if (event.kind !== "user.rating_changed" || !posted || event.test) return {};
  const contest = readRatingContest(event.data);
  if (contest === undefined) return {};
  return { summaryKey: describeContestKey(contest), dueAt: now + ratingSummaryWindowMs };
}
