import type { Clock } from "./clock.js";

/** Discord's epoch: the first second of 2015 (discord.com/developers/docs/reference#snowflakes). */
export const discordEpoch = 1_420_070_400_000n;

const earliestTimestamp = Date.UTC(2016, 0, 1);

export type SnowflakeGenerator = () => string;

/**
 * Ids shaped like Discord's: milliseconds since the Discord epoch in the top 42 bits, then worker,
 * process and a 12-bit increment. Ids made today are 18–19 digits long and sort by creation time.
 */
export function createSnowflakeGenerator(clock: Clock, workerId = 1n, processId = 0n): SnowflakeGenerator {
  let lastTimestamp = -1n;
  let increment = 0n;
  return () => {
    // Clocks set before 2016 (ManualClock(0)) would give short ids; keep them 17+ digits like Discord's.
    let timestamp = BigInt(Math.max(clock.now(), earliestTimestamp)) - discordEpoch;
    // A manual clock may stand still or run backwards; ids must stay unique and increasing anyway.
    if (timestamp <= lastTimestamp) {
      increment += 1n;
      if (increment > 0xfffn) {
        lastTimestamp += 1n;
        increment = 0n;
      }
      timestamp = lastTimestamp;
    } else {
      lastTimestamp = timestamp;
      increment = 0n;
    }
    return ((timestamp << 22n) | (workerId << 17n) | (processId << 12n) | increment).toString();
  };
}

/** When a snowflake was made, in ms since the Unix epoch. */
export function readSnowflakeTimestamp(id: string): number {
  return Number((BigInt(id) >> 22n) + discordEpoch);
}

/** The shard a guild's events go to: (guild_id >> 22) % num_shards (docs: Gateway, Sharding). */
export function shardForGuild(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/**
 * The snowflake of the `increment`th object made at `timestampMs` by `workerId`: seeded worlds give their
 * objects ids from past years on a worker of their own (2), so they never meet the generator's (worker 1).
 */
export function composeSnowflake(timestampMs: number, increment: number, workerId = 2n): string {
  if (increment < 0 || increment > 0xfff)
    throw new RangeError(`snowflake increment ${increment} out of range`);
  const timestamp = BigInt(timestampMs) - discordEpoch;
  return ((timestamp << 22n) | (workerId << 17n) | BigInt(increment)).toString();
}
