import type { CommandGroup } from "../command-group.js";
import { profile } from "./profile-command.js";
import { profileEditModal } from "./profile-edit.js";

/** The /profile command with its buttons, modals and paginated lists. */
export const profileHandlers: CommandGroup = {
  commands: [profile],
  components: [],
  modals: [profileEditModal],
  lists: [],
};
