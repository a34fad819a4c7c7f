// The posts of the admins' notices (tell-admins.ts, src/store/admin-notices.ts): plain text in the admin
// channel, pinging no one. A notice is never combined with an announcement (it has no embed), and what Discord
// answers is handled as for any post; a channel gone or closed reaches the announcements' source, whose notice
// about it avoids that channel, so a closed admin channel is not told of itself.
import type { Kysely } from "kysely";
import type { Logger } from "../logger.js";
import { findAdminNoticeContent } from "../store/admin-notices.js";
import type { Database } from "../store/database.js";
import { findGuildSettings } from "../store/guild-settings.js";
import type { OutboxSource } from "./outbox-source.js";

export function createAdminNoticeSource(deps: {
  readonly db: Kysely<Database>;
  readonly logger: Logger;
}): OutboxSource {
  return {
    async render(entry) {
      // The admins moved their channel while the notice waited (the old one may be public now, or closed to the
      // bot): the old channel is not told.
      const adminChannelId = (await findGuildSettings(deps.db, entry.guildId))?.adminChannelId ?? null;
      if (adminChannelId !== entry.channelId) {
        deps.logger.info(
          { outboxId: entry.id, guildId: entry.guildId, channelId: entry.channelId },
          "a queued admins' notice's channel is no longer the admin channel; nothing to post",
        );
        return undefined;
      }
      const content = await findAdminNoticeContent(deps.db, entry.eventId);
      return content === undefined ? undefined : { content, allowed_mentions: { parse: [] } };
    },
  };
}
