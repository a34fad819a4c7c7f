// user.rating_changed: old → new, the change and the tier, a promotion highlighted; the player is pinged
// (docs/architecture.md, "Rendering").
import { plainText } from "../display/platform-text.js";
import { formatRating, formatRatingChange } from "../display/rating.js";
import { formatTier, pickTierColour } from "../display/tier.js";
import {
  readTierMove,
  type PlatformEventOf,
  type RatingChangedData,
  type TierMove,
} from "../events/index.js";
import type { Announcement } from "./announcement.js";
import { announcementColours, compactFields, eventStamp } from "./announcement-style.js";

import { nameUser, type RenderContext } from "./render-context.js";

export function renderRatingChanged(
  event: PlatformEventOf<"user.rating_changed">,
  context: RenderContext,
): Announcement {
  const { data } = event;
  const move = readTierMove(data);
  const who = nameUser(data.user, context);
  const ratings = `${formatRating(data.oldRating)} → **${formatRating(data.newRating)}**`;
  const tier = tierText(data.tier);
  const promotion = move === "promoted" ? `\n🎉 Promoted to **${tier}**!` : "";
  return {
    embed: {
      title: describeTitle(data, move),
      description: `${who}: ${ratings} (${formatRatingChange(data.change)})${promotion}`,
      color: move === "promoted" ? pickTierColour(data.tier) : pickColour(data.change),
      fields: compactFields([
        { name: "Rating", value: ratings },
        { name: "Change", value: formatRatingChange(data.change) },
        { name: "Tier", value: describeTier(data, move) },
      ]),
      ...eventStamp(event, data.battleId === undefined ? undefined : `Battle ${data.battleId}`),
    },
    ping: [data.user.id],
  };
}

function describeTitle(data: RatingChangedData, move: TierMove): string {
  if (move === "promoted") return `⬆️ Tier up: ${tierText(data.tier)}`;
  if (move === "demoted") return `⬇️ Tier down: ${tierText(data.tier)}`;
  if (data.change === undefined || data.change === 0) return "📊 Rating updated";
  return data.change > 0 ? "📈 Rating up" : "📉 Rating down";
}

function describeTier(data: RatingChangedData, move: TierMove): string | undefined {
  if (data.tier === undefined) return undefined;
  if (move === "same") return tierText(data.tier);
  const moved = `${tierText(data.previousTier)} → **${tierText(data.tier)}**`;
  // A tier change whose direction the event does not tell is shown without an arrow.
  if (move === "changed") return moved;
  return `${moved} ${move === "promoted" ? "⬆️" : "⬇️"}`;
}

function pickColour(change: number | undefined): number {
  if (change === undefined || change === 0) return announcementColours.neutral;
  return change > 0 ? announcementColours.gain : announcementColours.loss;
}

function tierText(tier: string | undefined): string {
  return plainText(formatTier(tier));
}
