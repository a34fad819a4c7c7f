// The kinds of row the outbox posts, each with its renderer and what it does once posted or when it fails
// (docs/architecture.md, "Posting"): events' announcements for every row no other source names, tournament
// reminders under their own source, the battle card edits (and thread notices) a join queued under theirs, the
// start of each card's thread, and the notices the server's admins are told.
import type { REST } from "@discordjs/rest";
import type { Kysely } from "kysely";
import {
  createAnnouncementSource,
  createBattleAnswerSource,
  createMessageThreadSource,
  reactToThreadFailure,
  renderReminderPost,
} from "../announcements/index.js";
import type { Clock } from "../clock.js";
import type { MemberPresence } from "../discord/guild-member-presence.js";
import type { Logger } from "../logger.js";
import { createAdminNoticeSource, type OutboxSources } from "../outbox/index.js";
import { createInterestedCountReader } from "../reminders/events/read-interested-count.js";
import { createReminderSource } from "../reminders/reminder-source.js";
import type { Database } from "../store/database.js";
import { reminderSource } from "../store/tournament-reminders.js";
import { battleAnswerSource } from "../store/battle-answers.js";
import { messageThreadSource } from "../store/message-threads.js";
import { adminNoticeSource } from "../store/admin-notices.js";

export function registerOutboxSources(deps: {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly logger: Logger;
  /** For the interested count of a reminder's tournament event; without it the post leaves it out. */
  readonly rest?: REST;
  /** Whether the members a weekly digest names are still here; without it, none is left out. */
  readonly memberPresence?: MemberPresence;
}): OutboxSources {
  const readInterestedCount =
    deps.rest === undefined ? undefined : createInterestedCountReader({ ...deps, rest: deps.rest });
  return {
    fallback: createAnnouncementSource(deps),
    named: {
      [reminderSource]: createReminderSource({
        db: deps.db,
        clock: deps.clock,
        threadFailures: reactToThreadFailure,
        render: (entry) =>
          renderReminderPost(
            readInterestedCount === undefined ? deps : { ...deps, readInterestedCount },
            entry,
          ),
      }),
      [battleAnswerSource]: createBattleAnswerSource(deps),
      [messageThreadSource]: createMessageThreadSource(deps),
      [adminNoticeSource]: createAdminNoticeSource(deps),
    },
  };
}
