// system.leaderboard_updated, the platform's weekly refresh, posted as this server's week
// (docs/architecture.md, "The weekly digest"): the biggest rating gains and losses among its linked members,
// promotions, most battles won, achievements, and the platform's podium. Members are mentioned so each reader
// sees the names they know, but nobody is pinged: a weekly post that pings everyone who played is noise.
import type { APIEmbed, APIEmbedField } from "discord-api-types/v10";
import { formatBattleRecord } from "../display/battle-record.js";
import { discordTimestamp } from "../display/discord-timestamp.js";
import { fitLines } from "../display/fit-lines.js";
import { plainText } from "../display/platform-text.js";
import { formatRating, formatRatingChange } from "../display/rating.js";
import { formatTier } from "../display/tier.js";
import { discordLimits } from "../discord/discord-limits.js";
import { embedLength, type MessageBody } from "../discord/message-limits.js";
import type { PlatformEventOf } from "../events/index.js";
import type { MemberPeriodTotals } from "../store/member-activity-periods.js";
import { announcementColours, eventStamp, formatRank, sortByRank } from "./announcement-style.js";
import { pluralise } from "./display-text.js";
import { nameUser, type RenderContext } from "./render-context.js";
import { selectShownWeek } from "./server-week-shown.js";
import { testEventLabel } from "./test-event.js";

/** An embed field's value holds 1024 characters. */
const fieldBudget = 1024;
const noPings = { parse: [], users: [] };

/**
 * Members' totals are net: +30 then -30 is a row of ±0, like a week of unrated battles, so the line says no
 * *net* change rather than that no rating moved.
 */
export const quietWeekLine =
  "📅 A quiet week: no net rating change, no win and no achievement among this server's linked members. " +
  "`/leaderboard server` shows where everyone stands.";

export function renderServerWeek(
  event: PlatformEventOf<"system.leaderboard_updated">,
  context: RenderContext,
): MessageBody {
  const week = context.serverWeek;
  // A member is mentioned; where nobody may be (a test delivery), named by the username they linked with.
  const name = (platformUserId: string): string =>
    nameUser({ id: platformUserId, username: week?.usernames.get(platformUserId) }, context);
  const { gains, losses, winners, promotions, achievements } = selectShownWeek(week);
  const sections: Section[] = [
    section("📈 Biggest gains", gains, (row) => describeChange(row, name)),
    section("📉 Biggest losses", losses, (row) => describeChange(row, name)),
    section("⬆️ Promotions", promotions, (row) => `${name(row.platformUserId)} → **${tierText(row.name)}**`),
    section("⚔️ Most battles won", winners, (row) => describeWins(row, name)),
    section("🏅 Achievements", achievements, ([userId, names]) => `${name(userId)} — ${listSome(names)}`),
  ].filter((field) => field.lines.length > 0);
  if (week === undefined || sections.length === 0)
    return { content: quietWeekLine, allowed_mentions: noPings };
  const active = new Set([...week.totals, ...week.achievements].map((row) => row.platformUserId)).size;
  const embed: APIEmbed = {
    title: "📅 This server's week",
    description: [
      `${discordTimestamp(week.window.from, "D")} – ${discordTimestamp(week.window.to, "D")} · ` +
        `${pluralise(active, "linked member")} active`,
      "Full ranking: `/leaderboard server period:week`",
    ].join("\n"),
    color: announcementColours.neutral,
    ...eventStamp(event),
  };
  return {
    embeds: [{ ...embed, fields: fitSections([...sections, ...platformPodium(event, context)], embed) }],
    allowed_mentions: noPings,
  };
}

/** A field of the digest before it is fitted: its title and one line per entry. */
interface Section {
  readonly name: string;
  readonly lines: readonly string[];
}

function section<T>(title: string, rows: readonly T[], describe: (row: T) => string): Section {
  return { name: title, lines: rows.map(describe) };
}

/**
 * The sections as fields that together fit the embed's 6,000 characters with room for a test delivery's label,
 * so that none is dropped whole (the sender drops trailing fields that do not fit): each gets an even share of
 * what is left, shortest first, so a short section leaves its unused share to the longer ones, and a section
 * cut short ends with "…and N more".
 */
function fitSections(sections: readonly Section[], embed: APIEmbed): APIEmbedField[] {
  const names = sections.reduce((sum, { name }) => sum + name.length, 0);
  let left = discordLimits.embedTotal - embedLength(embed) - testEventLabel.length - names;
  const values = new Map<Section, string>();
  const shortestFirst = [...sections].sort((a, b) => fullLength(a) - fullLength(b));
  for (const [index, current] of shortestFirst.entries()) {
    const share = Math.floor(left / (shortestFirst.length - index));
    const value = fitLines(current.lines, Math.max(0, Math.min(fieldBudget, share)));
    values.set(current, value);
    left -= value.length;
  }
  return sections.map((current) => ({
    name: current.name,
    value: values.get(current) ?? "—",
    inline: false,
  }));
}

function fullLength({ lines }: Section): number {
  return lines.reduce((sum, line) => sum + line.length + 1, 0);
}

/** A member's achievements within a line's share: one member's many would otherwise fill the whole field. */
const achievementsLineLength = 160;

/** The names, as many as fit `achievementsLineLength` (the first always), then how many more there are. */
function listSome(names: readonly string[]): string {
  const shown: string[] = [];
  let length = 0;
  for (const name of names) {
    const added = (shown.length > 0 ? 2 : 0) + name.length;
    if (shown.length > 0 && length + added > achievementsLineLength) break;
    shown.push(name);
    length += added;
  }
  const left = names.length - shown.length;
  return left === 0 ? shown.join(", ") : `${shown.join(", ")} and ${String(left)} more`;
}

function describeChange(row: MemberPeriodTotals, name: (id: string) => string): string {
  const now = row.latestRating === null ? "" : ` (now ${formatRating(row.latestRating)})`;
  return `${name(row.platformUserId)} **${formatRatingChange(row.ratingChange)}**${now}`;
}

function describeWins(row: MemberPeriodTotals, name: (id: string) => string): string {
  return `${name(row.platformUserId)} — ${formatBattleRecord(row.battlesWon, row.battlesPlayed)}`;
}

function tierText(tier: string): string {
  return plainText(formatTier(tier));
}

/** The entries of the platform's top list the digest shows: its first three by rank. */
export function platformPodiumEntries(
  event: PlatformEventOf<"system.leaderboard_updated">,
): PlatformEventOf<"system.leaderboard_updated">["data"]["top"] {
  return sortByRank(event.data.top).slice(0, 3);
}

/** The platform's top three, as the refresh tells it: what this post showed before it became a digest. */
function platformPodium(
  event: PlatformEventOf<"system.leaderboard_updated">,
  context: RenderContext,
): Section[] {
  const podium = platformPodiumEntries(event).map((entry) => {
    const who = nameUser({ id: entry.userId, username: entry.username }, context);
    return `${formatRank(entry.rank)} ${who} — ${formatRating(entry.rating)}`;
  });
  return podium.length === 0 ? [] : [{ name: "🌍 Platform top 3", lines: podium }];
}
