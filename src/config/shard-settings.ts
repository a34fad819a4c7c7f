// SHARD_COUNT and SHARD_IDS (docs/architecture.md, "Growing past one machine"): how many gateway shards there
// are, and which this instance runs.
import { z } from "zod";
import { optionalString } from "./setting-parsers.js";

/** Far above any real bot's shard count; it bounds the work a typo such as "0-99999999" can cause. */
export const maxShardIds = 10_000;

/**
 * "0-3" or "0,2,4" (or both, "0-1,4"): the gateway shards one instance runs, sorted. Ids are checked against
 * SHARD_COUNT in checkCombinations, where both values are known.
 */
export const shardIdList = optionalString.transform((value, context) => {
  if (value === undefined) return undefined;
  const ids: number[] = [];
  for (const part of value.split(",").map((item) => item.trim())) {
    const range = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    const first = Number(range?.[1]);
    const last = range?.[2] === undefined ? first : Number(range[2]);
    if (range === null || last < first) {
      context.addIssue({
        code: "custom",
        message: `"${part}" is not a shard id or a range like 0-3; use ids and ranges separated by commas`,
      });
      return z.NEVER;
    }
    if (ids.length + last - first + 1 > maxShardIds) {
      context.addIssue({ code: "custom", message: `lists more than ${maxShardIds} shards` });
      return z.NEVER;
    }
    for (let id = first; id <= last; id += 1) ids.push(id);
  }
  const seen = new Set<number>();
  const repeated = ids.find((id) => seen.size === seen.add(id).size);
  if (repeated !== undefined) {
    context.addIssue({ code: "custom", message: `lists shard ${repeated} more than once` });
    return z.NEVER;
  }
  return ids.sort((a, b) => a - b);
});

/** SHARD_IDS picks among SHARD_COUNT's shards, so it needs a known count and ids below it. */
export function checkShardIds(
  env: {
    readonly SHARD_IDS?: readonly number[] | undefined;
    readonly SHARD_COUNT?: number | "auto" | undefined;
  },
  problems: string[],
): void {
  const { SHARD_IDS: ids, SHARD_COUNT: count } = env;
  if (ids === undefined || problems.some((problem) => problem.startsWith("SHARD_COUNT:"))) return;
  if (typeof count !== "number") {
    problems.push(
      `SHARD_IDS: needs SHARD_COUNT set to a number (it is ${count === undefined ? "unset" : '"auto"'}), ` +
        "so that every instance splits the same count",
    );
    return;
  }
  const outside = ids.filter((id) => id >= count);
  if (outside.length > 0) {
    problems.push(
      `SHARD_IDS: shard ${outside.slice(0, 3).join(", ")} is out of range; ids go from 0 to ${count - 1} ` +
        `with SHARD_COUNT=${count}`,
    );
  }
}
