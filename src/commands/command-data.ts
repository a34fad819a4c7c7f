import type { CommandDefinition } from "../discord/command-definition.js";
import { battleCommand } from "./battle/data.js";
import { leaderboardCommand } from "./leaderboard/data.js";
import { linkCommand } from "./link/data.js";
import { profileCommand } from "./profile/data.js";
import { rankCommand } from "./rank/data.js";
import { remindCommand } from "./remind/data.js";
import { setupCommand } from "./setup/data.js";
import { statsCommand } from "./stats/data.js";
import { subscribeCommand } from "./subscribe/data.js";
import { subscriptionsCommand } from "./subscriptions/data.js";
import { teamCommand } from "./team/data.js";
import { tournamentCommand } from "./tournament/data.js";
import { unlinkCommand } from "./unlink/data.js";
import { unsubscribeCommand } from "./unsubscribe/data.js";
import { whoamiCommand } from "./whoami/data.js";

/** Every command's definition: plain data, all the deploy script imports (docs/conventions.md, habit 2). */
export const commandData = [
  linkCommand,
  unlinkCommand,
  whoamiCommand,
  battleCommand,
  tournamentCommand,
  teamCommand,
  rankCommand,
  leaderboardCommand,
  profileCommand,
  statsCommand,
  subscribeCommand,
  subscriptionsCommand,
  unsubscribeCommand,
  setupCommand,
  remindCommand,
] as const satisfies readonly CommandDefinition[];
