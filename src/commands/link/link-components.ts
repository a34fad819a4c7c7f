import { ComponentType, TextInputStyle } from "discord-api-types/v10";
import type { BotDependencies } from "../bot-dependencies.js";
import type { ComponentHandler, ModalHandler } from "../../discord/interaction-handlers.js";
import { linkWithApiKey } from "../../linking/api-key-link.js";
import { buildLinkPrompt } from "./link-prompt.js";
import { describeLinked } from "./render-linked.js";

const apiKeyModalId = "link-key";
const apiKeyFieldId = "key";

/** "Link account" on the not-linked prompt (`link:start`) and "Use an API key" (`link:api-key`). */
export const linkButtons: ComponentHandler<BotDependencies> = {
  prefix: "link",
  async run(deps, { actor, params, interaction, responder }) {
    if (params[0] === "api-key") {
      await responder.showModal({
        custom_id: apiKeyModalId,
        title: "Link with an API key",
        components: [
          {
            type: ComponentType.ActionRow,
            components: [
              {
                type: ComponentType.TextInput,
                custom_id: apiKeyFieldId,
                style: TextInputStyle.Short,
                label: "API key or personal access token",
                placeholder: "Settings → API Keys on the platform",
                min_length: 8,
                max_length: 512,
                required: true,
              },
            ],
          },
        ],
      });
      return;
    }
    await responder.defer({ ephemeral: true });
    await responder.reply(await buildLinkPrompt(deps, actor, interaction.token));
  },
};

/** The API-key modal: validated with `GET /users/me` before it is stored (docs/architecture.md, "Commands"). */
export const apiKeyModal: ModalHandler<BotDependencies> = {
  prefix: apiKeyModalId,
  async run(deps, { actor, fields, responder }) {
    await responder.defer({ ephemeral: true });
    const link = await linkWithApiKey(deps, actor, fields[apiKeyFieldId] ?? "");
    await responder.reply({
      content: describeLinked(link.platformUsername, "api-key", link.guildId === undefined),
      ephemeral: true,
    });
  },
};
