// The rating changes of one contest in one channel as one summary (docs/architecture.md, "Posting"): a line
// per member, biggest gain first, promotions marked; linked members are mentioned so readers see the names
// they know, but nobody is pinged. It takes more than one message only when Discord's limits demand it.
import type { APIEmbed } from "discord-api-types/v10";
import { formatRating, formatRatingChange } from "../display/rating.js";
import { formatTier } from "../display/tier.js";
import type { RenderedMessage } from "../display/rendered-message.js";
import { plainText } from "../display/platform-text.js";
import { discordLimits } from "../discord/discord-limits.js";
import { readTierMove, type PlatformEventOf, type RatingContest, type UserRef } from "../events/index.js";
import { announcementColours } from "./announcement-style.js";
import { formatPresentText, pluralise } from "./display-text.js";
import { nameUser, type RenderContext } from "./render-context.js";

type RatingChange = PlatformEventOf<"user.rating_changed">;

/** Room for the title and footer beside the lines, within the 6,000 characters of a message's embeds. */
const linesPerMessage = discordLimits.embedTotal - 600;
/** An embed's description holds 4,096 characters. */
const linesPerEmbed = discordLimits.embedDescription - 96;
const noPings = { parse: [], users: [] };

/** One member's change over the whole contest: from before their first change to after their last. */
interface MemberChange {
  readonly user: UserRef;
  readonly oldRating: number | undefined;
  readonly newRating: number | undefined;
  readonly change: number | undefined;
  readonly tier: string | undefined;
  readonly previousTier: string | undefined;
}

/** One message of the summary and the members (by user id) whose lines it carries. */
export interface RatingSummaryPart {
  readonly message: RenderedMessage;
  readonly userIds: readonly string[];
}

/** The summary's messages, each with the members it names, so a message's fate is its members' rows'. */
export function renderRatingSummaryParts(
  summary: { readonly contest: RatingContest; readonly changes: readonly RatingChange[] },
  context: RenderContext,
): RatingSummaryPart[] {
  const members = sortByChange(mergeByMember(summary.changes));
  const lines = members.map((member) => ({
    text: describeMember(member, context),
    room: describeMember(member, linkedAsLongest(member)).length,
  }));
  const heading = `Rating changes after ${nameContest(summary.contest)}: ${pluralise(members.length, "member")}`;
  const newest = summary.changes.reduce((latest, event) => Math.max(latest, event.createdAt), 0);
  const pages = packLines(lines);
  let named = 0;
  return pages.map(({ descriptions, lineCount }, page) => {
    const userIds = members.slice(named, named + lineCount).map((member) => member.user.id);
    named += lineCount;
    return { message: renderPage(descriptions, page), userIds };
  });

  function renderPage(descriptions: readonly string[], page: number): RenderedMessage {
    return {
      embeds: descriptions.map((description, index): APIEmbed => {
        const first = index === 0;
        return {
          ...(first ? { title: page === 0 ? heading : `${heading} (continued)` } : {}),
          description,
          color: announcementColours.neutral,
          ...(first && pages.length > 1
            ? { footer: { text: `Part ${String(page + 1)} of ${String(pages.length)}` } }
            : {}),
          ...(first && page === 0 && newest > 0 ? { timestamp: new Date(newest).toISOString() } : {}),
        };
      }),
      allowed_mentions: noPings,
    };
  }
}

function nameContest(contest: RatingContest): string {
  const title = formatPresentText(contest.title);
  if (title !== undefined) return contest.kind === "battle" ? `the ${title} battle` : title;
  // The title renders markdown: the id, any printable text the platform sent, is escaped as titles are.
  return `${contest.kind} ${plainText(contest.id, { maxLength: 100 })}`;
}

/** Several changes of one member (a tournament of many battles) read as one, oldest to newest. */
function mergeByMember(changes: readonly RatingChange[]): MemberChange[] {
  const byMember = new Map<string, RatingChange[]>();
  const ordered = [...changes].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  for (const event of ordered) {
    const list = byMember.get(event.data.user.id) ?? [];
    list.push(event);
    byMember.set(event.data.user.id, list);
  }
  return [...byMember.values()].map((events) => {
    const first = events[0]?.data;
    const last = events[events.length - 1]?.data;
    const known = events.flatMap((event) => (event.data.change === undefined ? [] : [event.data.change]));
    const change = known.length === events.length ? known.reduce((sum, value) => sum + value, 0) : undefined;
    const username = events
      .map((event) => event.data.user.username)
      .reverse()
      .find((name) => name !== undefined && name !== "");
    return {
      user: { id: last?.user.id ?? "", username },
      oldRating: first?.oldRating,
      newRating: last?.newRating,
      change,
      tier: last?.tier,
      previousTier: first?.previousTier,
    };
  });
}

/** Biggest gain first, unknown changes last; equal changes by new rating, then by id, so a resend matches. */
function sortByChange(members: readonly MemberChange[]): MemberChange[] {
  const order = (value: number | undefined) => value ?? Number.NEGATIVE_INFINITY;
  return [...members].sort(
    (a, b) =>
      order(b.change) - order(a.change) ||
      order(b.newRating) - order(a.newRating) ||
      a.user.id.localeCompare(b.user.id),
  );
}

/**
 * A mention of the longest Discord id (20 digits), or the platform username when that is longer: a line's
 * room whether or not its member is linked here when it is rendered. The summary's messages are cut by these
 * rooms, so a summary sent again after someone linked or unlinked splits at the same lines: a message Discord
 * took already is not sent again (its nonce), and a line moved across the cut would be lost or posted twice.
 */
function linkedAsLongest(member: MemberChange): RenderContext {
  const asLinked = `<@${"9".repeat(20)}>`;
  const asNamed = nameUser(member.user, { mentions: new Map() });
  return {
    mentions: asNamed.length > asLinked.length ? new Map() : new Map([[member.user.id, "9".repeat(20)]]),
  };
}

function describeMember(member: MemberChange, context: RenderContext): string {
  const change = `\`${formatRatingChange(member.change)}\``;
  const ratings = `${formatRating(member.oldRating)} → **${formatRating(member.newRating)}**`;
  const move = readTierMove(member);
  const tier = plainText(formatTier(member.tier));
  const marks: Record<typeof move, string> = {
    promoted: ` · ⬆️ **${tier}** 🎉`,
    demoted: ` · ⬇️ ${tier}`,
    // The tier moved, but the event does not tell which way: no arrow.
    changed: ` · ${plainText(formatTier(member.previousTier))} → ${tier}`,
    same: "",
  };
  const mark = marks[move];
  return `${change} ${nameUser(member.user, context)} ${ratings}${mark}`;
}

/**
 * Lines as messages of embeds: an embed's description within 4,096 characters, a message's embeds within
 * 6,000 together and ten at most, each line counted at its room (linkedAsLongest), which its text never
 * exceeds. A line is never split.
 */
function packLines(
  lines: readonly { readonly text: string; readonly room: number }[],
): { descriptions: string[]; lineCount: number }[] {
  const pages: { descriptions: string[]; lineCount: number }[] = [];
  let page: string[] = [];
  let pageRoom = 0;
  let pageLines = 0;
  let embed = "";
  let embedRoom = 0;
  const closeEmbed = () => {
    if (embed === "") return;
    page.push(embed);
    pageRoom += embedRoom;
    embed = "";
    embedRoom = 0;
  };
  const closePage = () => {
    closeEmbed();
    if (page.length > 0) pages.push({ descriptions: page, lineCount: pageLines });
    page = [];
    pageRoom = 0;
    pageLines = 0;
  };
  for (const line of lines) {
    const added = (embed === "" ? 0 : 1) + line.room;
    if (pageRoom + embedRoom + added > linesPerMessage) closePage();
    else if (embedRoom + added > linesPerEmbed) {
      closeEmbed();
      if (page.length >= discordLimits.embedsPerMessage) closePage();
    }
    embedRoom += (embed === "" ? 0 : 1) + line.room;
    embed = embed === "" ? line.text : `${embed}\n${line.text}`;
    pageLines += 1;
  }
  closePage();
  return pages;
}
