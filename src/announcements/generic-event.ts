// The fallback announcement for a kind without a dedicated one (user.registered, user.profile_updated): what
// happened and to whom. Nobody is pinged for it.
import { plainText } from "../display/platform-text.js";
import { fitLines } from "../display/fit-lines.js";
import { discordLimits } from "../discord/discord-limits.js";
import type { KnownPlatformEvent } from "../events/index.js";
import type { Announcement } from "./announcement.js";
import { announcementColours, eventStamp } from "./announcement-style.js";

import { listEventUsers } from "./event-users.js";
import { nameUser, type RenderContext } from "./render-context.js";

export function renderGenericEvent(event: KnownPlatformEvent, context: RenderContext): Announcement {
  const users = listEventUsers(event).map((user) => nameUser(user, context));
  return {
    embed: {
      title: `🔔 ${describeKind(event.kind)}`,
      ...(users.length === 0
        ? {}
        : { description: `About:\n${fitLines(users, discordLimits.embedDescription - "About:\n".length)}` }),
      color: announcementColours.neutral,
      ...eventStamp(event),
    },
  };
}

/** "user.profile_updated" → "User profile updated". */
export function describeKind(kind: string): string {
  const words = kind.replace(/[._]+/g, " ").trim();
  return plainText(words.charAt(0).toUpperCase() + words.slice(1));
}
