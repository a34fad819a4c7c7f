import { plainText, type PlainTextOptions } from "../../display/platform-text.js";
import type { APIEmbedField } from "discord-api-types/v10";
import type { PlatformUser } from "../../api/schemas/user.js";
import type { Reply } from "../../discord/interaction-responder.js";
import type { KnownMember } from "../rank/known-member.js";
import { describeLastSeen } from "../rank/render-member-rank.js";
import { formatRating } from "../../display/rating.js";
import { formatTier, pickTierColour } from "../../display/tier.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";

/** A bio is cut to this before escaping, which at most doubles it: within an embed field's 1024 characters. */
const maxFieldLength = 500;

/** How a bio is shown, on the card and in the confirmation of /profile edit: on its lines, up to 500 characters. */
export const bioTextOptions: PlainTextOptions = { multiline: true, maxLength: maxFieldLength };

function formatJoined(joinedAt: string | undefined): string | undefined {
  const time = joinedAt === undefined ? Number.NaN : Date.parse(joinedAt);
  return Number.isFinite(time) ? discordTimestamp(time, "D") : undefined;
}

/**
 * The profile fields the member sets, those that are set, as inert text: a website reads as typed but is no
 * link (docs/architecture.md, "The rules the code keeps", "Platform text is inert").
 */
function describeProfileFields(user: PlatformUser): APIEmbedField[] {
  const fields: [string, string | undefined, PlainTextOptions][] = [
    ["Display name", user.displayName, {}],
    ["Bio", user.bio, bioTextOptions],
    ["Location", user.location, {}],
    ["Website", user.website, {}],
  ];
  return fields.flatMap(([name, text, options]) =>
    text === undefined ? [] : [{ name, value: plainText(text, options) }],
  );
}

/**
 * The member's own profile card from GET /users/me. The e-mail address is shown only in a reply the member
 * alone sees (docs/architecture.md, "Commands": personal data stays ephemeral).
 */
export function renderOwnProfile(user: PlatformUser, options: { readonly showEmail: boolean }): Reply {
  const joined = formatJoined(user.joinedAt);
  const fields: APIEmbedField[] = [
    ...describeProfileFields(user),
    { name: "Rating", value: formatRating(user.rating), inline: true },
    { name: "Tier", value: plainText(formatTier(user.tier)), inline: true },
  ];
  if (joined !== undefined) fields.push({ name: "Joined", value: joined, inline: true });
  if (options.showEmail && user.email !== undefined) {
    fields.push({ name: "E-mail (only you see this)", value: plainText(user.email), inline: true });
  }
  return {
    embeds: [
      {
        title: plainText(user.username),
        color: pickTierColour(user.tier),
        fields,
        footer: { text: "Change your display name, bio, location or website with /profile edit." },
      },
    ],
  };
}

/** Another member's card from the read model only (docs/architecture.md, "Commands": never their credential). */
export function renderMemberProfile(member: KnownMember): Reply {
  return {
    embeds: [
      {
        title: plainText(member.platformUsername),
        color: pickTierColour(member.tier),
        description: [
          `<@${member.userId}> on the platform: **${plainText(member.platformUsername)}**.`,
          describeLastSeen(member),
        ].join("\n"),
        fields: [
          { name: "Rating", value: formatRating(member.rating), inline: true },
          { name: "Tier", value: plainText(formatTier(member.tier)), inline: true },
        ],
      },
    ],
  };
}
