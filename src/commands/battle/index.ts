import type { CommandGroup } from "../command-group.js";

/** The /battle command with its buttons, modals and paginated lists. */
export const battleHandlers: CommandGroup = {
  commands: [],
  components: [],
  modals: [],
  lists: [],
};
