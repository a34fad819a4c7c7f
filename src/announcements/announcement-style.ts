// The look shared by every announcement: colours by mood, medals for the podium, the event footer.
import { plainLabel } from "../display/platform-text.js";
import type { APIEmbed, APIEmbedField } from "discord-api-types/v10";

export const announcementColours = {
  battle: 0x5865f2,
  live: 0x2ecc71,
  victory: 0xf1c40f,
  gain: 0x23a55a,
  loss: 0xf23f43,
  team: 0x9b59b6,
  achievement: 0xe67e22,
  tournament: 0xe91e63,
  maintenance: 0x95a5a6,
  neutral: 0x5865f2,
} as const;

/** How much of an embed's 6000 characters a ranked list may take, leaving room for the fields. */
export const listBudget = 3000;

const medals: Readonly<Record<number, string>> = { 1: "🥇", 2: "🥈", 3: "🥉" };

/** 🥇 🥈 🥉 for the podium, `#4` below it, `•` when the platform gave no rank. */
export function formatRank(rank: number | undefined): string {
  if (rank === undefined || !Number.isFinite(rank)) return "•";
  return medals[rank] ?? `#${String(rank)}`;
}

/** By rank, unranked last, keeping the platform's order among equals. */
export function sortByRank<T extends { readonly rank: number | undefined }>(items: readonly T[]): T[] {
  const order = (rank: number | undefined): number =>
    rank === undefined || !Number.isFinite(rank) ? Number.MAX_VALUE : rank;
  return [...items].sort((a, b) => order(a.rank) - order(b.rank));
}

/** When the event happened (Discord shows it in the reader's zone), and what it was about, for support. */
export function eventStamp(
  event: { readonly id: string; readonly createdAt: number },
  about?: string,
): Pick<APIEmbed, "timestamp" | "footer"> {
  // A footer shows no markdown, so platform ids in it are made inert as a label, never escaped.
  const text = about === undefined ? `Event ${event.id}` : `${about} · event ${event.id}`;
  return { timestamp: new Date(event.createdAt).toISOString(), footer: { text: plainLabel(text, 2048) } };
}

/** Embed fields from optional values: a value that is undefined or empty leaves its field out. */
export function compactFields(
  fields: readonly { name: string; value: string | undefined; inline?: boolean }[],
): APIEmbedField[] {
  return fields.flatMap(({ name, value, inline = true }) =>
    value === undefined || value === "" ? [] : [{ name, value, inline }],
  );
}
