import { describe, expect, it } from "vitest";
import { inSlices } from "../../src/store/in-slices.js";

describe("inSlices", () => {
  it("runs each slice of at most the size, in order, one after another, and joins their answers in order", async () => {
    const items = Array.from({ length: 7 }, (_, index) => index);
    const seen: number[][] = [];
    let running = 0;
    const answers = await inSlices(items, 3, async (slice) => {
      running += 1;
      expect(running).toBe(1);
      seen.push(slice);
      await Promise.resolve();
      running -= 1;
      return slice.map((item) => `item ${item}`);
    });
    expect(seen).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(answers).toEqual(items.map((item) => `item ${item}`));
  });

  it("makes no call for no items", async () => {
    let calls = 0;
    const answers = await inSlices([], 3, () => {
      calls += 1;
      return Promise.resolve([1]);
    });
    expect(calls).toBe(0);
    expect(answers).toEqual([]);
  });
});
