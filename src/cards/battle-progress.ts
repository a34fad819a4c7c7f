import type { APIEmbed, APIEmbedField } from "discord-api-types/v10";
import { discordLimits } from "../discord/discord-limits.js";
import { fitLines } from "../display/fit-lines.js";
import { discordTimestamp } from "../display/discord-timestamp.js";
import { plainText } from "../display/platform-text.js";

export interface BattleCardPlayer {
  /** Platform username (or a mention). */
  readonly name: string;
  readonly score?: number | undefined;
  readonly rank?: number | undefined;
}

/** The part of a battle card that changes as the battle goes on. */
export interface BattleProgress {
  /** `waiting`, `active`, `completed`, or a state of a challenge such as `declined`. */
  readonly status: string;
  readonly participants: readonly BattleCardPlayer[];
  readonly maxParticipants?: number | undefined;
  /** When an active battle ends, ms since the epoch. */
  readonly endsAt?: number | undefined;
  /** Name of the winner of a completed battle. */
  readonly winner?: string | undefined;
}

const statusFieldName = "Status";
const playersFieldName = "Players";

const looks: Readonly<Record<string, { label: string; color: number }>> = {
  waiting: { label: "⏳ Waiting for players", color: 0xf1c40f },
  active: { label: "🟢 Live", color: 0x2ecc71 },
  completed: { label: "🏁 Completed", color: 0x95a5a6 },
  declined: { label: "🚫 Challenge declined", color: 0xe74c3c },
  expired: { label: "⌛ Challenge expired", color: 0x95a5a6 },
};

export function describeProgress(progress: BattleProgress): { label: string; color: number } {
  const look = looks[progress.status] ?? { label: plainText(progress.status), color: 0x5865f2 };
  if (progress.status === "active" && progress.endsAt !== undefined) {
    return { ...look, label: `${look.label} — ends ${discordTimestamp(progress.endsAt, "R")}` };
  }
  if (progress.status === "completed" && progress.winner !== undefined) {
    return { ...look, label: `${look.label} — winner **${progress.winner}**` };
  }
  return look;
}

export function renderStatusField(progress: BattleProgress): APIEmbedField {
  return { name: statusFieldName, value: describeProgress(progress).label };
}

/**
 * `#1 alice — 100 pts`: the platform's rank after a `#`, not `1.`, which Discord reads as an ordered list and
 * numbers in sequence, so players tied at 1 would read 1 and 2.
 */
function describePlayer(player: BattleCardPlayer): string {
  const rank = player.rank === undefined ? "•" : `#${player.rank}`;
  const score = player.score === undefined ? "" : ` — ${player.score} pts`;
  return `${rank} ${player.name}${score}`;
}

export function renderPlayersField(progress: BattleProgress): APIEmbedField {
  const seats =
    progress.maxParticipants === undefined
      ? `**${progress.participants.length}** joined`
      : `**${progress.participants.length}/${progress.maxParticipants}** seats taken`;
  const players = progress.participants.map(describePlayer);
  const list = fitLines(players, discordLimits.embedFieldValue - seats.length - 1, "Nobody yet");
  return { name: playersFieldName, value: `${seats}\n${list}` };
}

/** A card embed with its status, players and colour brought up to date; everything else is kept. */
export function withBattleProgress(embed: APIEmbed, progress: BattleProgress): APIEmbed {
  const replacements = new Map([
    [statusFieldName, renderStatusField(progress)],
    [playersFieldName, renderPlayersField(progress)],
  ]);
  const fields = (embed.fields ?? []).map((field) => replacements.get(field.name) ?? field);
  return { ...embed, color: describeProgress(progress).color, fields };
}
