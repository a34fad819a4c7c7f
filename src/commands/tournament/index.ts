import type { CommandGroup } from "../command-group.js";
import { registerButton } from "./register-button.js";
import { tournament } from "./tournament-command.js";
import { tournamentListPages } from "./tournament-list-pages.js";

/** The /tournament command with its buttons, modals and paginated lists. */
export const tournamentHandlers: CommandGroup = {
  commands: [tournament],
  components: [registerButton],
  modals: [],
  lists: [tournamentListPages],
};
