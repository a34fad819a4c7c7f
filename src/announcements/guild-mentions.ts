// Which of an event's players are linked in the guild a message goes to (docs/architecture.md, "Linking": a
// link is per guild and Discord user), read in one query of that guild's links; the credentials stay sealed.
import type { Kysely } from "kysely";
import type { Database } from "../store/database.js";
import { listGuildLinks } from "../store/linked-members.js";

/**
 * Platform user id → Discord user id, for the given platform users linked in `guildId`; the `departed` Discord
 * users (found to have left the server) are never mentioned.
 */
export async function loadGuildMentions(
  db: Kysely<Database>,
  guildId: string,
  platformUserIds: Iterable<string>,
  departed: ReadonlySet<string> = new Set(),
): Promise<Map<string, string>> {
  const wanted = new Set(platformUserIds);
  const mentions = new Map<string, string>();
  if (wanted.size === 0) return mentions;
  // Oldest link first: when two members linked the same account here, the first one is mentioned.
  for (const link of await listGuildLinks(db, guildId)) {
    const wantedHere = wanted.has(link.platformUserId) && !departed.has(link.userId);
    if (wantedHere && !mentions.has(link.platformUserId)) {
      mentions.set(link.platformUserId, link.userId);
    }
  }
  return mentions;
}
