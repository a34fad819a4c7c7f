import type { CommandGroup } from "../command-group.js";
import { remind } from "./remind-command.js";

/** The /remind command: members opt in to tournament reminder pings. */
export const remindHandlers: CommandGroup = {
  commands: [remind],
  components: [],
  modals: [],
  lists: [],
};
