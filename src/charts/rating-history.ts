export interface RatingHistoryEntry {
  readonly date: string;
  readonly rating: number;
}

export interface RatingPoint {
  /** Milliseconds since the epoch, UTC. */
  readonly time: number;
  readonly rating: number;
}

/**
 * Oldest first, dropping entries whose date or rating cannot be drawn. The platform says history is
 * oldest first (the platform's API reference, rank info), but sorting costs little and protects the chart.
 */
export function normalizeRatingHistory(history: readonly RatingHistoryEntry[]): RatingPoint[] {
  const points: RatingPoint[] = [];
  for (const entry of history) {
    const time = Date.parse(entry.date);
    if (Number.isFinite(time) && Number.isFinite(entry.rating)) {
      points.push({ time, rating: entry.rating });
    }
  }
  // Array.prototype.sort is stable, so same-day entries keep the order they were sent in.
  return points.sort((a, b) => a.time - b.time);
}
