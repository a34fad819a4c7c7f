import type { BotDependencies } from "./bot-dependencies.js";
import type { ComponentHandler, ModalHandler, SlashCommand } from "../discord/interaction-handlers.js";
import { createPaginationHandler } from "../discord/pagination.js";
import { battleHandlers } from "./battle/index.js";
import type { CommandGroup } from "./command-group.js";
import { leaderboardHandlers } from "./leaderboard/index.js";
import { apiKeyModal, linkButtons } from "./link/link-components.js";
import { link } from "./link/link-command.js";
import { profileHandlers } from "./profile/index.js";
import { rankHandlers } from "./rank/index.js";
import { remindHandlers } from "./remind/index.js";
import { setupHandlers } from "./setup/index.js";
import { statsHandlers } from "./stats/index.js";
import { subscribeHandlers } from "./subscribe/index.js";
import { subscriptionsHandlers } from "./subscriptions/index.js";
import { teamHandlers } from "./team/index.js";
import { tournamentHandlers } from "./tournament/index.js";
import { unlink } from "./unlink/unlink-command.js";
import { unsubscribeHandlers } from "./unsubscribe/index.js";
import { whoami } from "./whoami/whoami-command.js";

const linkHandlers: CommandGroup = {
  commands: [link, unlink, whoami],
  components: [linkButtons],
  modals: [apiKeyModal],
  lists: [],
};

const groups: readonly CommandGroup[] = [
  linkHandlers,
  battleHandlers,
  tournamentHandlers,
  teamHandlers,
  rankHandlers,
  leaderboardHandlers,
  profileHandlers,
  statsHandlers,
  subscribeHandlers,
  subscriptionsHandlers,
  unsubscribeHandlers,
  setupHandlers,
  remindHandlers,
];

/** Every slash command the dispatcher serves, with the buttons and modals they post. */
export const commandHandlers: readonly SlashCommand<BotDependencies>[] = groups.flatMap(
  (group) => group.commands,
);

export const componentHandlers: readonly ComponentHandler<BotDependencies>[] = [
  ...groups.flatMap((group) => group.components),
  createPaginationHandler(groups.flatMap((group) => group.lists)),
];

export const modalHandlers: readonly ModalHandler<BotDependencies>[] = groups.flatMap(
  (group) => group.modals,
);
