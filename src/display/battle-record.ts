// A member's battles over a period, worded the same in the weekly digest and `/leaderboard server period`.

/** "3 wins in 4 battles", "1 win in 1 battle", "0 wins in 2 battles". */
export function formatBattleRecord(won: number, played: number): string {
  const wins = `${String(won)} ${won === 1 ? "win" : "wins"}`;
  return `${wins} in ${String(played)} ${played === 1 ? "battle" : "battles"}`;
}
