import type { BotDependencies } from "../bot/bot-dependencies.js";
import type { ComponentHandler, ModalHandler, SlashCommand } from "../discord/interaction-handlers.js";
import { apiKeyModal, linkButtons } from "./link/link-components.js";
import { link } from "./link/link-command.js";
import { unlink } from "./unlink/unlink-command.js";
import { whoami } from "./whoami/whoami-command.js";

/** Every slash command the dispatcher serves, with the buttons and modals they post. */
export const commandHandlers: readonly SlashCommand<BotDependencies>[] = [link, unlink, whoami];

export const componentHandlers: readonly ComponentHandler<BotDependencies>[] = [linkButtons];

export const modalHandlers: readonly ModalHandler<BotDependencies>[] = [apiKeyModal];
