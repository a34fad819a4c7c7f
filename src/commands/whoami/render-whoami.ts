import { plainCode, plainText } from "../../display/platform-text.js";
import type { PlatformUser } from "../../api/schemas/user.js";
import type { Reply } from "../../discord/interaction-responder.js";
import type { MemberLink } from "../../store/member-links.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";
import { formatRating } from "../../display/rating.js";
import { formatTier } from "../../display/tier.js";

export type WhoamiLink = Pick<MemberLink, "credentialKind" | "scopes"> & {
  readonly credential: Pick<MemberLink["credential"], "expiresAt">;
};

/** `/whoami`: the linked platform account and the credential the bot holds for it. */
export function renderWhoami(user: PlatformUser, link: WhoamiLink): Reply {
  const expiry = link.credential.expiresAt;
  return {
    ephemeral: true,
    embeds: [
      {
        title: `Linked as ${plainText(user.username)}`,
        fields: [
          { name: "Platform id", value: plainCode(user.id), inline: true },
          {
            name: "Rating",
            // As /rank and /profile show them: a whole rating, the tier capitalised, "—" for what is unknown.
            value: `${formatRating(user.rating)} · ${plainText(formatTier(user.tier))}`,
            inline: true,
          },
          {
            name: "Credential",
            value: link.credentialKind === "oauth" ? "OAuth" : "API key",
            inline: true,
          },
          {
            name: "Scopes",
            value: link.scopes.length > 0 ? link.scopes.map((scope) => plainText(scope)).join(", ") : "—",
            inline: true,
          },
          {
            name: "Expires",
            value: expiry === undefined ? "never" : discordTimestamp(expiry, "R"),
            inline: true,
          },
        ],
      },
    ],
  };
}
