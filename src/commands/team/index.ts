import type { CommandGroup } from "../command-group.js";
import { team } from "./team-command.js";

/** The /team command with its buttons, modals and paginated lists. */
export const teamHandlers: CommandGroup = {
  commands: [team],
  components: [],
  modals: [],
  lists: [],
};
