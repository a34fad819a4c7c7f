import type { CommandGroup } from "../command-group.js";
import { globalLeaderboardList } from "./global-leaderboard-list.js";
import { leaderboard } from "./leaderboard-command.js";
import { serverLeaderboardList } from "./server-leaderboard-list.js";

/** The /leaderboard command with its buttons, modals and paginated lists. */
export const leaderboardHandlers: CommandGroup = {
  commands: [leaderboard],
  components: [],
  modals: [],
  lists: [globalLeaderboardList, serverLeaderboardList],
};
