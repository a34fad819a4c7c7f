import type { CommandGroup } from "../command-group.js";
import { setup } from "./setup-command.js";

/** The /setup command (admin). */
export const setupHandlers: CommandGroup = {
  commands: [setup],
  components: [],
  modals: [],
  lists: [],
};
