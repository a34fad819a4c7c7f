import { describe, expect, it } from "vitest";
import { computeDateTicks } from "../../src/charts/date-axis.js";

const day = 86_400_000;

describe("computeDateTicks", () => {
  it("labels whole days within a short span", () => {
    const ticks = computeDateTicks(Date.UTC(2025, 2, 1), Date.UTC(2025, 2, 8), 6);
    expect(ticks.map((tick) => tick.label)).toEqual(["Mar 1", "Mar 3", "Mar 5", "Mar 7"]);
    for (const tick of ticks) expect(tick.time % day).toBe(0);
  });

  it("labels the first of months, with the year, over long spans", () => {
    const ticks = computeDateTicks(Date.UTC(2023, 0, 1), Date.UTC(2024, 4, 14), 6);
    expect(ticks.map((tick) => tick.label)).toEqual([
      "Jan 2023",
      "May 2023",
      "Sep 2023",
      "Jan 2024",
      "May 2024",
    ]);
  });

  it("gives one full date when every point is on the same instant", () => {
    expect(computeDateTicks(Date.UTC(2025, 5, 1), Date.UTC(2025, 5, 1), 6)).toEqual([
      { time: Date.UTC(2025, 5, 1), label: "Jun 1, 2025" },
    ]);
  });

  it("never gives more labels than asked for", () => {
    for (const spanDays of [1, 2, 9, 45, 200, 400, 2000, 9000]) {
      const ticks = computeDateTicks(Date.UTC(2020, 0, 1), Date.UTC(2020, 0, 1) + spanDays * day, 6);
      expect(ticks.length).toBeGreaterThan(0);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });
});
