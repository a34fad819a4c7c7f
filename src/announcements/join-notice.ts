// A join told in the battle card's thread (src/store/message-threads.ts): who took a seat and how many are
// taken. Platform usernames are shown as text (docs/architecture.md, "The rules the code keeps"); nobody is
// pinged.
import type { RenderedMessage } from "../display/rendered-message.js";
import { plainText } from "../display/platform-text.js";

export interface JoinNotice {
  readonly joined: readonly { readonly username: string }[];
  readonly seats: number;
  readonly maxSeats: number | undefined;
}

export function renderJoinNotice(notice: JoinNotice): RenderedMessage {
  const names = notice.joined.map((player) => plainText(player.username)).join(", ");
  const who = names === "" ? "A player" : names;
  const seats =
    notice.maxSeats === undefined
      ? `${notice.seats} ${notice.seats === 1 ? "seat" : "seats"}`
      : `${notice.seats}/${notice.maxSeats} seats`;
  return {
    content: `👋 ${who} joined the battle: ${seats} taken.`,
    allowed_mentions: { parse: [] },
  };
}
