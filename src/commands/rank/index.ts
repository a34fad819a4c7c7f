import type { CommandGroup } from "../command-group.js";
import { rank } from "./rank-command.js";

/** The /rank command with its buttons, modals and paginated lists. */
export const rankHandlers: CommandGroup = {
  commands: [rank],
  components: [],
  modals: [],
  lists: [],
};
