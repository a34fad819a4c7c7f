// Who a guild knows: the platform users of an event linked in the guild being posted to are shown as
// mentions, everyone else by platform username (docs/architecture.md, "Rendering").
import { plainText } from "../display/platform-text.js";
import type { ServerWeek } from "./server-week.js";

export interface RenderContext {
  /** Platform user id → Discord id of the member linked to that account in this guild. */
  readonly mentions: ReadonlyMap<string, string>;
  /** This guild's week, loaded for the weekly digest (system.leaderboard_updated) only; none reads as quiet. */
  readonly serverWeek?: ServerWeek;
}

export interface NamedUser {
  readonly id: string;
  readonly username?: string | undefined;
}

/** `<@discordId>` for a linked member, else the platform username (or id when the event gave none). */
export function nameUser(user: NamedUser, context: RenderContext): string {
  const discordId = context.mentions.get(user.id);
  if (discordId !== undefined) return `<@${discordId}>`;
  const username = user.username?.trim();
  return plainText(username === undefined || username === "" ? user.id : username);
}
