import type { CommandGroup } from "../command-group.js";

/** The /profile command with its buttons, modals and paginated lists. */
export const profileHandlers: CommandGroup = {
  commands: [],
  components: [],
  modals: [],
  lists: [],
};
