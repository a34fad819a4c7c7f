import { plainText } from "../../display/platform-text.js";
import { getCurrentUser } from "../../api/users.js";
import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { whoamiCommand } from "./data.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";

export const whoami = defineCommand<BotDependencies, typeof whoamiCommand>({
  data: whoamiCommand,
  acknowledge: "ephemeral",
  async run(deps, { actor, responder }) {
    const { link, credential } = await getMemberSession(deps, actor);
    const user = await getCurrentUser(deps.platform, credential);
    const expiry = link.credential.expiresAt;
    await responder.reply({
      ephemeral: true,
      embeds: [
        {
          title: `Linked as ${plainText(user.username)}`,
          fields: [
            { name: "Platform id", value: `\`${user.id}\``, inline: true },
            {
              name: "Rating",
              value: `${user.rating ?? "—"}${user.tier === undefined ? "" : ` (${user.tier})`}`,
              inline: true,
            },
            {
              name: "Credential",
              value: link.credentialKind === "oauth" ? "OAuth" : "API key",
              inline: true,
            },
            { name: "Scopes", value: link.scopes.length > 0 ? link.scopes.join(", ") : "—", inline: true },
            {
              name: "Expires",
              value: expiry === undefined ? "never" : discordTimestamp(expiry, "R"),
              inline: true,
            },
          ],
        },
      ],
    });
  },
});
