// The bot's log lines about one server's reads of the open tournaments (docs/architecture.md, "Tournament
// reminders", "Tournament events"): the reads made and the reads held, for reminders or for events read alone.
// Reads go on every interval while on hold, so a test waits for held reads to know that reads went on.
import type { EndToEnd } from "../harness.js";
import { waitUntil } from "./wait-until.js";

export type ReadsFor = "reminders" | "tournament events";

export function countReadLines(world: EndToEnd, readsFor: ReadsFor): { reads: number; holds: number } {
  const lines = world
    .logs()
    .split("\n")
    .filter((line) => line.includes(`"guildId":"${world.guildId}"`));
  const held = readsFor === "reminders" ? "tournament reminders on hold" : "tournament events on hold";
  return {
    reads: lines.filter((line) => line.includes(`read the open tournaments for ${readsFor}"`)).length,
    holds: lines.filter((line) => line.includes(held)).length,
  };
}

/** Waits for `count` more held reads than now. */
export async function waitForHeldReads(world: EndToEnd, readsFor: ReadsFor, count: number): Promise<void> {
  const before = countReadLines(world, readsFor).holds;
  await waitUntil(() => countReadLines(world, readsFor).holds >= before + count, {
    timeoutMs: 20_000,
    what: `${String(count)} more held reads for ${readsFor}`,
  });
}
