// `/setup reminders set before:` (docs/architecture.md, "Tournament reminders"): up to 3 lead times, separated
// by commas, each days, hours and minutes such as `1h`, `10m`, `1h30m` or `2d`, from 1 minute to 7 days.
import { UserFacingError } from "../../discord/user-facing-error.js";
import { plainCode } from "../../display/platform-text.js";

export const maxLeadTimes = 3;
const minLeadMinutes = 1;
const maxLeadMinutes = 7 * 24 * 60;

/** What the errors show as the accepted form. */
export const leadTimeForm =
  "lead times like `1h, 10m`: up to 3, separated by commas, each in days (d), hours (h) and minutes (m), from 1m to 7d";

const leadTimePattern = /^(?:(\d{1,5})\s*d)?\s*(?:(\d{1,5})\s*h)?\s*(?:(\d{1,6})\s*m)?$/i;

/** Whole minutes, largest first, each once; a UserFacingError naming the accepted form otherwise. */
export function parseLeadTimes(text: string): number[] {
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (parts.length === 0) throw badLeadTimes("Give at least one lead time.");
  const minutes = new Set<number>();
  for (const part of parts) minutes.add(parseLeadTime(part));
  if (minutes.size > maxLeadTimes) {
    throw badLeadTimes(
      `That is ${String(minutes.size)} lead times; at most ${String(maxLeadTimes)} are allowed.`,
    );
  }
  return [...minutes].sort((a, b) => b - a);
}

function parseLeadTime(part: string): number {
  const match = leadTimePattern.exec(part);
  const [, days, hours, mins] = match ?? [];
  if (match === null || (days === undefined && hours === undefined && mins === undefined)) {
    throw badLeadTimes(`${plainCode(part.slice(0, 40))} is not a lead time.`);
  }
  const total = Number(days ?? 0) * 24 * 60 + Number(hours ?? 0) * 60 + Number(mins ?? 0);
  if (total < minLeadMinutes || total > maxLeadMinutes) {
    throw badLeadTimes(`${plainCode(part)} is outside 1m to 7d.`);
  }
  return total;
}

function badLeadTimes(problem: string): UserFacingError {
  return new UserFacingError("bad_lead_times", `${problem} \`before:\` takes ${leadTimeForm}.`);
}
