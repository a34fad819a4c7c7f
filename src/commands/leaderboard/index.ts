import type { CommandGroup } from "../command-group.js";

/** The /leaderboard command with its buttons, modals and paginated lists. */
export const leaderboardHandlers: CommandGroup = {
  commands: [],
  components: [],
  modals: [],
  lists: [],
};
