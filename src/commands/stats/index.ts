import type { CommandGroup } from "../command-group.js";

/** The /stats command with its buttons, modals and paginated lists. */
export const statsHandlers: CommandGroup = {
  commands: [],
  components: [],
  modals: [],
  lists: [],
};
