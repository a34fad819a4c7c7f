import { plainText } from "../../display/platform-text.js";
import type { StatsTimeframe } from "../../api/assumptions.js";
import type { UserStats } from "../../api/schemas/user.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { formatRating, formatRatingChange } from "../../display/rating.js";
import { formatDuration } from "../../display/duration.js";

export interface StatsView {
  readonly username: string;
  readonly timeframe: StatsTimeframe;
  readonly stats: UserStats;
}

const colours = { gain: 0x23a55a, loss: 0xf23f43, neutral: 0x5865f2 } as const;

/** 0.625 → "62.5%"; "—" before the first battle, when a rate means nothing. */
export function formatWinRate(stats: Pick<UserStats, "winRate" | "totalBattles">): string {
  if (stats.totalBattles === 0 || !Number.isFinite(stats.winRate)) return "—";
  return `${String(Math.round(stats.winRate * 1000) / 10)}%`;
}

/** "30d" → "last 30 days". */
export function describeTimeframe(timeframe: StatsTimeframe): string {
  const days = Number.parseInt(timeframe, 10);
  return days === 1 ? "last day" : `last ${String(days)} days`;
}

/** GET /users/me/stats as a card (docs/architecture.md, "Commands"): wins, losses, win rate, average time, rating change. */
export function renderStats({ username, timeframe, stats }: StatsView): Reply {
  const change = stats.ratingChange ?? 0;
  const averageTime =
    stats.averageTime === undefined || stats.totalBattles === 0 ? "—" : formatDuration(stats.averageTime);
  return {
    embeds: [
      {
        title: `${plainText(username)} — ${describeTimeframe(timeframe)}`,
        color: change > 0 ? colours.gain : change < 0 ? colours.loss : colours.neutral,
        fields: [
          { name: "Battles", value: String(stats.totalBattles), inline: true },
          { name: "Wins", value: String(stats.wins), inline: true },
          { name: "Losses", value: String(stats.losses), inline: true },
          { name: "Win rate", value: formatWinRate(stats), inline: true },
          { name: "Average time", value: averageTime, inline: true },
          { name: "Rating", value: formatRating(stats.rating), inline: true },
          { name: "Rating change", value: formatRatingChange(stats.ratingChange), inline: true },
        ],
      },
    ],
  };
}
