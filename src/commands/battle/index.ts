import type { CommandGroup } from "../command-group.js";
import { battleButtons } from "./battle-buttons.js";
import { battle } from "./battle-command.js";
import { battleHistoryPages } from "./battle-history.js";
import { codeModal } from "./code-modal.js";

/** The /battle command with its buttons, modals and paginated lists. */
export const battleHandlers: CommandGroup = {
  commands: [battle],
  components: [battleButtons],
  modals: [codeModal],
  lists: [battleHistoryPages],
};
