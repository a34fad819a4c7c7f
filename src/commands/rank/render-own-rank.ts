import { plainText } from "../../display/platform-text.js";
import type { RankInfo } from "../../api/schemas/leaderboard.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { formatPercentile } from "./format-percentile.js";
import { formatRating } from "../../display/rating.js";
import { formatTier, pickTierColour } from "../../display/tier.js";

/** The chart's file name; the embed points at it with `attachment://` (docs/architecture.md, "Commands", /rank). */
export const ratingChartFileName = "rating.png";

export interface OwnRankView {
  readonly username: string;
  readonly rank: RankInfo;
  /** Whether the rating-history chart is attached as `rating.png`. */
  readonly hasChart: boolean;
}

/** The member's own rank card: global rank, rating, tier, percentile, peak, and the chart as its image. */
export function renderOwnRank({ username, rank, hasChart }: OwnRankView): Reply {
  const peak = rank.ratingHistory.reduce((best, entry) => Math.max(best, entry.rating), rank.rating);
  return {
    embeds: [
      {
        title: `${plainText(username)} — global rank #${String(rank.globalRank)}`,
        color: pickTierColour(rank.tier),
        fields: [
          { name: "Global rank", value: `#${String(rank.globalRank)}`, inline: true },
          { name: "Rating", value: formatRating(rank.rating), inline: true },
          { name: "Tier", value: plainText(formatTier(rank.tier)), inline: true },
          { name: "Ahead of", value: formatPercentile(rank.percentile), inline: true },
          { name: "Peak rating", value: formatRating(peak), inline: true },
        ],
        ...(hasChart
          ? { image: { url: `attachment://${ratingChartFileName}` } }
          : { footer: { text: "No rating history yet: play a rated battle to start the chart." } }),
      },
    ],
  };
}
