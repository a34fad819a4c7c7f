// Contract: the current-user functions of src/api against the sandbox (the platform's API reference,
// "Endpoints › Users").
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createBattle,
  getCurrentUser,
  getCurrentUserStats,
  joinBattle,
  submitToBattle,
  updateCurrentUser,
} from "../../src/api/index.js";
import { computeStats } from "../../sandbox/core/stats.js";
import { startContractSandbox, toIso, type ContractWorld } from "./support/contract-sandbox.js";

const day = 86_400_000;
const root = fileURLToPath(new URL("../..", import.meta.url));
const assumptionsDoc = readFileSync(`${root}docs/platform-assumptions.md`, "utf8");
const sandboxReadme = readFileSync(`${root}sandbox/README.md`, "utf8");
let world: ContractWorld;

beforeAll(async () => {
  world = await startContractSandbox();
});
afterAll(async () => {
  await world.close();
});

describe("users", () => {
  it("reads the account a key belongs to", async () => {
    const user = await getCurrentUser(world.http, world.credential("dave", "read"));
    const stored = world.user("dave");
    expect(user).toEqual({
      id: stored.id,
      username: "dave",
      email: stored.email,
      rating: 1450,
      tier: "gold",
      joinedAt: toIso(stored.joinedAt),
    });
  });

  it("updates the profile with only the fields given", async () => {
    const result = await updateCurrentUser(world.http, world.credential("bob", "write"), {
      displayName: "Bob the Builder",
      bio: "Ships on Fridays",
      location: "Lisbon",
      website: undefined,
    });
    const stored = world.user("bob");
    expect(stored).toMatchObject({
      displayName: "Bob the Builder",
      bio: "Ships on Fridays",
      location: "Lisbon",
      website: null,
    });
    expect(result).toEqual({
      success: true,
      user: { id: stored.id, username: "bob", displayName: "Bob the Builder", bio: "Ships on Fridays" },
    });
  });

  it("reads back the profile saved, and clears a field sent as an empty string", async () => {
    const erin = world.credential("erin", "write");
    await updateCurrentUser(world.http, erin, {
      displayName: "Erin",
      bio: "Trees",
      website: "https://erin.dev",
    });
    expect(await getCurrentUser(world.http, erin)).toMatchObject({
      displayName: "Erin",
      bio: "Trees",
      location: undefined,
      website: "https://erin.dev",
    });
    const result = await updateCurrentUser(world.http, erin, { displayName: "", website: "" });
    expect(result.user).toMatchObject({ displayName: undefined, bio: "Trees" });
    expect(await getCurrentUser(world.http, erin)).toMatchObject({
      displayName: undefined,
      bio: "Trees",
      website: undefined,
    });
    expect(world.user("erin")).toMatchObject({ displayName: null, bio: "Trees", website: null });
  });

  it("reads statistics, turning the signed ratingChange text into a number", async () => {
    const bob = world.credential("bob", "write");
    const carol = world.credential("carol", "write");
    const { id } = await createBattle(world.http, bob, {
      type: "practice",
      difficulty: "easy",
      language: "python",
      timeLimit: 600,
      participants: 2,
    });
    await joinBattle(world.http, bob, id);
    await joinBattle(world.http, carol, id);
    world.clock.advance(90_000);
    await submitToBattle(world.http, bob, id, { language: "python", code: "# PASS" });
    await submitToBattle(world.http, carol, id, { language: "python", code: "# FAIL" });

    const bobId = world.user("bob").id;
    const monthly = await getCurrentUserStats(world.http, bob, { timeframe: "30d" });
    const expected = computeStats(world.sandbox.state, bobId, world.clock.now() - 30 * day);
    expect(expected).toMatchObject({ totalBattles: 1, wins: 1, losses: 0, winRate: 1, averageTime: 90 });
    expect(expected.ratingChange).toMatch(/^\+\d+$/);
    expect(monthly).toEqual({ ...expected, ratingChange: Number(expected.ratingChange) });

    const carolStats = await getCurrentUserStats(world.http, carol, { timeframe: "1d" });
    const carolExpected = computeStats(world.sandbox.state, world.user("carol").id, world.clock.now() - day);
    expect(carolExpected.ratingChange).toMatch(/^-\d+$/);
    expect(carolStats).toEqual({ ...carolExpected, ratingChange: Number(carolExpected.ratingChange) });
    expect(carolStats.losses).toBe(1);
  });

  it("reads statistics without a timeframe over all time, the default docs/platform-assumptions.md states", async () => {
    // The bot's assumption and the sandbox's README must say the same as the sandbox serves.
    expect(assumptionsDoc).toMatch(
      /GET \/users\/me\/stats `timeframe`(?:(?!\n- )[^])*Leaving it\s+out means all time\./,
    );
    expect(sandboxReadme).toContain("`timeframe` is `Nd` or `all`; left out, it means all time");
    const erin = world.credential("erin", "write");
    const frank = world.credential("frank", "write");
    const { id } = await createBattle(world.http, erin, {
      type: "practice",
      difficulty: "easy",
      language: "python",
      timeLimit: 600,
      participants: 2,
    });
    await joinBattle(world.http, erin, id);
    await joinBattle(world.http, frank, id);
    await submitToBattle(world.http, erin, id, { language: "python", code: "# PASS" });
    await submitToBattle(world.http, frank, id, { language: "python", code: "# FAIL" });
    // 40 days later the battle is outside any 30-day default, but still counts over all time.
    world.clock.advance(40 * day);

    const stats = await getCurrentUserStats(world.http, erin);
    const erinId = world.user("erin").id;
    const allTime = computeStats(world.sandbox.state, erinId, 0);
    expect(allTime).toMatchObject({ totalBattles: 1, wins: 1 });
    expect(computeStats(world.sandbox.state, erinId, world.clock.now() - 30 * day).totalBattles).toBe(0);
    expect(stats).toEqual({ ...allTime, ratingChange: Number(allTime.ratingChange) });
  });
});
