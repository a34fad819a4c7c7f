import { plainCode, plainText } from "../../display/platform-text.js";
import type { BattleSummary } from "../../api/index.js";
import { discordLimits } from "../../discord/discord-limits.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { fitLines } from "../../display/fit-lines.js";
import { formatDuration } from "../../display/duration.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";

export interface BattleHistoryPage {
  /** The battles on this page only. */
  readonly battles: readonly BattleSummary[];
  /** 0-based. */
  readonly page: number;
  readonly pageSize: number;
  readonly total: number | undefined;
  /** The most battles the pages reach (GET /battles' largest `limit`): past it the footer says so. */
  readonly reachable?: number;
  readonly status: string | undefined;
  readonly ephemeral: boolean;
  /** Outside a server (a DM), where `/battle create` does not run, the empty page says where it does. */
  readonly inServer: boolean;
}

function describeBattle(battle: BattleSummary, position: number): string {
  const parts = [
    `**${position}.** ${plainCode(battle.id)}`,
    plainText(battle.type),
    plainText(battle.status),
    battle.result === undefined ? undefined : `**${plainText(battle.result)}**`,
    battle.score === undefined ? undefined : `${battle.score} pts`,
    battle.duration === undefined || battle.duration === 0 ? undefined : formatDuration(battle.duration),
    battle.completedAt === undefined ? undefined : discordTimestamp(Date.parse(battle.completedAt), "R"),
  ];
  return parts.filter((part) => part !== undefined).join(" · ");
}

function describeNoBattles(inServer: boolean, status: string | undefined): string {
  // Under a filter, the member may well have battles of other statuses.
  if (status !== undefined)
    return `No ${plainText(status)} battles. \`/battle history\` without a status lists them all.`;
  return inServer
    ? "No battles yet. Start one with `/battle create`."
    : "No battles yet. Start one with `/battle create` in a server where the bot is installed.";
}

/** One page of `/battle history` (the ◀ ▶ row is added by the pagination helper). */
export function renderBattleHistoryPage(input: BattleHistoryPage): Reply {
  const first = input.page * input.pageSize;
  const lines = input.battles.map((battle, index) => describeBattle(battle, first + index + 1));
  const filter = input.status === undefined ? "" : ` (${input.status})`;
  const total =
    input.total === undefined
      ? ""
      : input.reachable !== undefined && input.total > input.reachable
        ? ` · ${input.total} in all, the latest ${input.reachable} listed here`
        : ` · ${input.total} in all`;
  return {
    ephemeral: input.ephemeral,
    embeds: [
      {
        title: `Your battles${filter}`,
        description: fitLines(
          lines,
          discordLimits.embedDescription,
          input.page === 0 ? describeNoBattles(input.inServer, input.status) : "No more battles.",
        ),
        color: 0x5865f2,
        footer: { text: `Page ${input.page + 1}${total}` },
      },
    ],
  };
}
