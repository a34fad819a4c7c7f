import { plainText } from "../../display/platform-text.js";
import type { Reply } from "../../discord/interaction-responder.js";
import type { KnownMember } from "./known-member.js";
import { formatRating } from "../../display/rating.js";
import { formatTier, pickTierColour } from "../../display/tier.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";

/** How fresh the read model's figures are, as a Discord timestamp. */
export function describeLastSeen(member: KnownMember): string {
  return member.seenAt === undefined || member.rating === null
    ? "The bot has not seen their rating yet."
    : `Rating as last seen by the bot ${discordTimestamp(member.seenAt, "R")}.`;
}

/**
 * Another member's rank from the read model only (docs/architecture.md, "Commands"): rating and tier as last
 * seen; their global rank and rating history need their own credential, so they show when they run /rank
 * themselves.
 */
export function renderMemberRank(member: KnownMember): Reply {
  return {
    embeds: [
      {
        title: plainText(member.platformUsername),
        color: pickTierColour(member.tier),
        description: [
          `<@${member.userId}> on the platform: **${plainText(member.platformUsername)}**.`,
          describeLastSeen(member),
          "Their global rank and rating history show when they run `/rank` themselves.",
        ].join("\n"),
        fields: [
          { name: "Rating", value: formatRating(member.rating), inline: true },
          { name: "Tier", value: plainText(formatTier(member.tier)), inline: true },
        ],
      },
    ],
  };
}
