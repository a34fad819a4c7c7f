import type { CommandGroup } from "../command-group.js";

/** The /team command with its buttons, modals and paginated lists. */
export const teamHandlers: CommandGroup = {
  commands: [],
  components: [],
  modals: [],
  lists: [],
};
