import type { CommandGroup } from "../command-group.js";
import { stats } from "./stats-command.js";

/** The /stats command with its buttons, modals and paginated lists. */
export const statsHandlers: CommandGroup = {
  commands: [stats],
  components: [],
  modals: [],
  lists: [],
};
