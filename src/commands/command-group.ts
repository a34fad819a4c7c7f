import type { BotDependencies } from "./bot-dependencies.js";
import type { ComponentHandler, ModalHandler, SlashCommand } from "../discord/interaction-handlers.js";
import type { PaginatedList } from "../discord/pagination.js";

/** What one command folder contributes to the dispatcher. */
export interface CommandGroup {
  readonly commands: readonly SlashCommand<BotDependencies>[];
  readonly components: readonly ComponentHandler<BotDependencies>[];
  readonly modals: readonly ModalHandler<BotDependencies>[];
  readonly lists: readonly PaginatedList<BotDependencies>[];
}
