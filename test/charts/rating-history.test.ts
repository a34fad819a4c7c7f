import { describe, expect, it } from "vitest";
import { normalizeRatingHistory } from "../../src/charts/rating-history.js";

describe("normalizeRatingHistory", () => {
  it("orders entries oldest first, keeping same-day entries in the order sent", () => {
    const points = normalizeRatingHistory([
      { date: "2025-03-02", rating: 3 },
      { date: "2025-03-01", rating: 1 },
      { date: "2025-03-02", rating: 4 },
      { date: "2025-02-28", rating: 0 },
    ]);
    expect(points.map((point) => point.rating)).toEqual([0, 1, 3, 4]);
    expect(points[0]!.time).toBe(Date.UTC(2025, 1, 28));
  });

  it("drops entries with an unreadable date or a non-finite rating", () => {
    const points = normalizeRatingHistory([
      { date: "yesterday", rating: 1500 },
      { date: "2025-01-01", rating: Number.POSITIVE_INFINITY },
      { date: "2025-01-02T10:00:00Z", rating: 1510 },
    ]);
    expect(points).toEqual([{ time: Date.UTC(2025, 0, 2, 10), rating: 1510 }]);
  });
});
