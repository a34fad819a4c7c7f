import type { CommandGroup } from "../command-group.js";
import { unsubscribe } from "./unsubscribe-command.js";

/** The /unsubscribe command (admin). */
export const unsubscribeHandlers: CommandGroup = {
  commands: [unsubscribe],
  components: [],
  modals: [],
  lists: [],
};
