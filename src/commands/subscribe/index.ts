import type { CommandGroup } from "../command-group.js";
import { subscribe } from "./subscribe-command.js";

/** The /subscribe command (admin). */
export const subscribeHandlers: CommandGroup = {
  commands: [subscribe],
  components: [],
  modals: [],
  lists: [],
};
