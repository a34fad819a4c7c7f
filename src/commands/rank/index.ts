import type { CommandGroup } from "../command-group.js";

/** The /rank command with its buttons, modals and paginated lists. */
export const rankHandlers: CommandGroup = {
  commands: [],
  components: [],
  modals: [],
  lists: [],
};
