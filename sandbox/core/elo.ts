// Ratings change by Elo when a battle with two or more participants completes. A battle of n players is
// scored as every pair playing one game: the change is K/(n-1) times the sum, over opponents, of
// (actual − expected), actual being 1 for ranking above, ½ for a tie and 0 below.
export const eloK = 32;

export interface EloEntrant {
  userId: string;
  rating: number;
  /** 1 is best; equal ranks are a tie. */
  rank: number;
}

export function expectedScore(rating: number, opponentRating: number): number {
  return 1 / (1 + 10 ** ((opponentRating - rating) / 400));
}

/** The rating change of each entrant, rounded to whole points. */
export function computeEloChanges(entrants: readonly EloEntrant[]): Map<string, number> {
  const changes = new Map<string, number>();
  if (entrants.length < 2) {
    for (const entrant of entrants) changes.set(entrant.userId, 0);
    return changes;
  }
  const weight = eloK / (entrants.length - 1);
  for (const entrant of entrants) {
    let sum = 0;
    for (const opponent of entrants) {
      if (opponent === entrant) continue;
      const actual = entrant.rank < opponent.rank ? 1 : entrant.rank === opponent.rank ? 0.5 : 0;
      sum += actual - expectedScore(entrant.rating, opponent.rating);
    }
    changes.set(entrant.userId, Math.round(weight * sum));
  }
  return changes;
}
