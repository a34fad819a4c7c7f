// Parses /subscribe's options at the edge (docs/conventions.md, habit 5): unknown kinds and unusable channels
// are refused with a message that says what would work.
import type { ChannelType } from "discord-api-types/v10";
import type { ChannelArgument } from "../../discord/command-arguments.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import type { EventKind } from "../../events/event-kinds.js";
import { announcementChannelTypes } from "./admin-command.js";
import { parseEventSelection } from "./event-selection.js";

/** Discord offers only these types (channel_types); the check is for clients that do not. */
export function requireAnnouncementChannel(channel: ChannelArgument): string {
  const type = channel.channel?.type;
  if (type !== undefined && !(announcementChannelTypes as readonly ChannelType[]).includes(type)) {
    throw new UserFacingError(
      "not_a_text_channel",
      "Pick a text or announcement channel: that is where the bot posts.",
    );
  }
  return channel.id;
}

/** The kinds an `events` option names; undefined when it was left out. */
export function readEventKinds(events: string | undefined): readonly EventKind[] | undefined {
  if (events === undefined) return undefined;
  const selection = parseEventSelection(events);
  if (selection.unknown.length > 0) {
    const unknown = selection.unknown.map((word) => `\`${word.replaceAll("`", "")}\``).join(", ");
    throw new UserFacingError(
      "unknown_event_kind",
      `Unknown event kind: ${unknown}. Use kinds such as \`battle.completed\` or \`user.rating_changed\`, ` +
        "a group such as `battle.*`, or `defaults` / `all`; the suggestions list them all.",
    );
  }
  if (selection.kinds.length === 0) {
    throw new UserFacingError("no_event_kinds", "Name at least one event kind, e.g. `battle.completed`.");
  }
  return selection.kinds;
}

/**
 * A tournament id as the platform uses it: one word, no formatting characters and no mention. An underscore is
 * allowed: the platform's ids are a kind prefix, an underscore and a suffix (`trn_…`).
 */
export function readTournamentId(tournament: string | undefined): string | undefined {
  if (tournament === undefined) return undefined;
  if (!/^[^\s`*~|<>@#]+$/.test(tournament.trim())) {
    throw new UserFacingError("invalid_tournament", "That is not a tournament id; pick one from the list.");
  }
  return tournament;
}

/** The `battle-updates` choice; a client that sends another value gets the default. */
export function readBattleUpdates(choice: string | undefined): "thread" | "channel" | undefined {
  return choice === "thread" || choice === "channel" ? choice : undefined;
}
