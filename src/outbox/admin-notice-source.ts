// The posts of the admins' notices (tell-admins.ts, src/store/admin-notices.ts): plain text in the admin
// channel, pinging no one. A notice is never combined with an announcement (it has no embed), and what Discord
// answers is handled as for any post; a channel gone or closed reaches the announcements' source, whose notice
// about it avoids that channel, so a closed admin channel is not told of itself.
import { findAdminNoticeContent } from "../store/admin-notices.js";
import type { Database } from "../store/database.js";
import type { Kysely } from "kysely";
import type { OutboxSource } from "./outbox-source.js";

export function createAdminNoticeSource(deps: { readonly db: Kysely<Database> }): OutboxSource {
  return {
    async render(entry) {
      const content = await findAdminNoticeContent(deps.db, entry.eventId);
      return content === undefined ? undefined : { content, allowed_mentions: { parse: [] } };
    },
  };
}
