// The daily reconcile pass (docs/architecture.md, "Tier roles"). Every instance runs the timer; a server is
// queued only if no instance did so in the last `intervalMs` (less a margin), so a fleet reconciles it once.
import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import type { Kysely } from "kysely";
import type { Database } from "../store/database.js";
import { listGuildsDueForReconcile } from "../store/guild-role-settings.js";
import { queueGuildSync } from "./queue-guild-sync.js";

export const reconcileIntervalMs = 24 * 60 * 60_000;

/** Returns how many members were queued. */
export async function reconcileTierRoles(
  deps: { readonly db: Kysely<Database>; readonly clock: Clock; readonly logger: Logger },
  intervalMs = reconcileIntervalMs,
): Promise<number> {
  const now = deps.clock.now();
  const lastBefore = now - intervalMs * 0.9;
  const guilds = await listGuildsDueForReconcile(deps.db, lastBefore);
  let queued = 0;
  for (const { guildId } of guilds) {
    queued += await queueGuildSync(deps.db, { guildId, now, resume: false, lastBefore });
  }
  deps.logger.info({ guilds: guilds.length, members: queued }, "queued the daily tier role reconcile");
  return queued;
}
