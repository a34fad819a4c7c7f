import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { minimal, problemsOf } from "./support/config-problems.js";

describe("SHARD_IDS", () => {
  it("reads SHARD_IDS as sorted ids from ids and ranges", () => {
    const config = loadConfig({ ...minimal, SHARD_COUNT: "8", SHARD_IDS: " 6, 0-2 ,4-4" });
    expect(config.discord.shardIds).toEqual([0, 1, 2, 4, 6]);
    expect(loadConfig({ ...minimal, SHARD_COUNT: "8" }).discord.shardIds).toBeUndefined();
    expect(loadConfig({ ...minimal, SHARD_COUNT: "2", SHARD_IDS: "" }).discord.shardIds).toBeUndefined();
  });

  it.each([
    ["0", "2", /^SHARD_COUNT: must be a positive whole number/],
    ["10001", "0", /^SHARD_COUNT: must be at most 10000/],
    ["2", "one", /^SHARD_IDS: "one" is not a shard id or a range/],
    ["4", "3-1", /^SHARD_IDS: "3-1" is not a shard id or a range/],
    ["4", "0,,1", /^SHARD_IDS: "" is not a shard id or a range/],
    ["4", "0-2,2", /^SHARD_IDS: lists shard 2 more than once/],
    ["4", "0,4", /^SHARD_IDS: shard 4 is out of range; ids go from 0 to 3 with SHARD_COUNT=4/],
    ["auto", "0", /^SHARD_IDS: needs SHARD_COUNT set to a number \(it is "auto"\)/],
    ["", "0", /^SHARD_IDS: needs SHARD_COUNT set to a number \(it is unset\)/],
    ["10000", "0-20000", /^SHARD_IDS: lists more than 10000 shards/],
  ])("refuses SHARD_COUNT=%j with SHARD_IDS=%j, naming the variable", (count, ids, expected) => {
    const problems = problemsOf(() => loadConfig({ ...minimal, SHARD_COUNT: count, SHARD_IDS: ids }));
    expect(problems).toEqual([expect.stringMatching(expected)]);
  });
});
