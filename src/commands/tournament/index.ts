import type { CommandGroup } from "../command-group.js";

/** The /tournament command with its buttons, modals and paginated lists. */
export const tournamentHandlers: CommandGroup = {
  commands: [],
  components: [],
  modals: [],
  lists: [],
};
