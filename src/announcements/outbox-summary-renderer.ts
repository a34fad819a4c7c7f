// The outbox worker's summary step (docs/architecture.md, "Posting"): the rows of one contest's rating
// changes waiting for one channel become the summary's messages.
import { readRatingContest, type PlatformEventOf } from "../events/index.js";
import type { RenderOutboxSummary } from "../outbox/index.js";
import { findBattleTitle } from "./card-events.js";
import { loadGuildMentions } from "./guild-mentions.js";
import { loadOutboxEvent } from "./load-outbox-event.js";
import type { OutboxRendererDeps } from "./outbox-renderer.js";
import { renderRatingSummaryParts } from "./rating-summary.js";

export function createOutboxSummaryRenderer(deps: OutboxRendererDeps): RenderOutboxSummary {
  return async (entries) => {
    const [first] = entries;
    if (first === undefined) return [];
    const changes: PlatformEventOf<"user.rating_changed">[] = [];
    /** Each member's rows: a part carries the rows of the members it names. */
    const rowsByUser = new Map<string, string[]>();
    for (const entry of entries) {
      const event = await loadOutboxEvent(deps, entry);
      if (event?.kind !== "user.rating_changed") continue;
      changes.push(event);
      const userId = event.data.user.id;
      rowsByUser.set(userId, [...(rowsByUser.get(userId) ?? []), entry.id]);
    }
    const contests = changes.flatMap((event) => readRatingContest(event.data) ?? []);
    const [contest] = contests;
    if (contest === undefined) return [];
    // The platform names a battle's changes by its id alone; the battle's own events may name its problem.
    const title =
      contests.find((candidate) => candidate.title !== undefined)?.title ??
      (contest.kind === "battle"
        ? await findBattleTitle(deps.db, deps.logger, {
            battleId: contest.id,
            guildId: first.guildId,
            now: deps.clock.now(),
          })
        : undefined);
    const users = changes.map((event) => event.data.user.id);
    const mentions = await loadGuildMentions(deps.db, first.guildId, users);
    const parts = renderRatingSummaryParts({ contest: { ...contest, title }, changes }, { mentions });
    return parts.map((part) => ({
      message: part.message,
      rowIds: part.userIds.flatMap((userId) => rowsByUser.get(userId) ?? []),
    }));
  };
}
