import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
} from "discord-api-types/v10";
import type { Reply } from "../../discord/interaction-responder.js";
import { startOAuthLink } from "../../linking/oauth-link.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { Actor } from "../../discord/interaction-handlers.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";
import { readGuildName } from "./read-guild-name.js";

/** Custom id of the button that opens the API-key modal. */
export const apiKeyButtonId = "link:api-key";

/**
 * The `/link` answer (docs/architecture.md, "Commands"): a "Link account" URL button to the bot's sign-in
 * link, which binds the browser that opens it and goes on to the platform's authorize page (state + PKCE,
 * 10 minutes, single use), and a "Use an API key" button that opens a modal.
 */
export async function buildLinkPrompt(
  deps: BotDependencies,
  actor: Actor,
  interactionToken: string,
): Promise<Reply> {
  const buttons: APIButtonComponent[] = [];
  // Outside a server, /link makes the member's personal link (docs/architecture.md, "Personal links").
  let content =
    actor.guildId === undefined
      ? "Link your platform account for yourself: outside servers (here, and in other DMs) the bot's commands use it. Servers keep their own links."
      : "Link your platform account to use battles, tournaments and ranks in this server.";
  if (deps.config.platform.oauth !== undefined) {
    // The names let whoever opens the sign-in URL see whose account it links (docs/architecture.md, "Linking").
    const requester = {
      guildId: actor.guildId,
      userId: actor.userId,
      memberName: actor.displayName,
      memberUsername: actor.username,
      guildName: actor.guildId === undefined ? undefined : await readGuildName(deps, actor.guildId),
    };
    const { url, expiresAt } = await startOAuthLink(deps, requester, interactionToken);
    buttons.push({ type: ComponentType.Button, style: ButtonStyle.Link, url, label: "Link account" });
    content += `\nThe sign-in link is for you alone: it works in the first browser that opens it, once, and expires ${discordTimestamp(expiresAt, "R")}.`;
  }
  buttons.push({
    type: ComponentType.Button,
    style: ButtonStyle.Secondary,
    custom_id: apiKeyButtonId,
    label: "Use an API key",
  });
  const row: APIActionRowComponent<APIButtonComponent> = {
    type: ComponentType.ActionRow,
    components: buttons,
  };
  return { content, components: [row], ephemeral: true };
}
