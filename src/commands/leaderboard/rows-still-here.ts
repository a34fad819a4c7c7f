// A server leaderboard leaves out members who left the server, as the weekly digest does
// (docs/architecture.md, "The weekly digest", "Members who left"): ranks count only those still here, so the
// ranking is walked from its top, asking Discord about each member in turn, until the page is full.

/**
 * The first `wanted` rows that `isStillHere` keeps, in ranking order, read from `read` (limit, offset) and
 * refilled past the members who left. `isStillHere` caps its look-ups (src/discord/departed-members.ts):
 * rows past the cap are kept unchecked.
 */
export async function readRowsStillHere<Row>(input: {
  readonly wanted: number;
  readonly read: (limit: number, offset: number) => Promise<readonly Row[]>;
  readonly isStillHere: (row: Row) => Promise<boolean>;
}): Promise<Row[]> {
  const kept: Row[] = [];
  let offset = 0;
  for (;;) {
    const limit = input.wanted - kept.length;
    const rows = await input.read(limit, offset);
    offset += rows.length;
    for (const row of rows) {
      if (await input.isStillHere(row)) kept.push(row);
    }
    if (kept.length >= input.wanted || rows.length < limit) return kept;
  }
}
