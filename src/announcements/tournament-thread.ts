// A tournament's public thread (src/store/message-threads.ts, docs/architecture.md, "Posting"): its first post
// in a channel (its start, or a reminder) starts it once the post is out; its rating summary, posted in it,
// archives it, as the tournament is over.
import type { OutboxEntry } from "../store/outbox.js";
import { queueThreadArchive } from "../store/message-threads.js";
import { startTournamentThread } from "../store/tournament-threads.js";
import { loadOutboxEvent } from "./load-outbox-event.js";
import type { OutboxRendererDeps } from "./outbox-renderer.js";

/** What the announcements' rows start or end once posted as `messageId`; safe to repeat (onPosted). */
export async function followTournamentPosts(
  deps: OutboxRendererDeps,
  rows: readonly OutboxEntry[],
  messageId: string,
): Promise<void> {
  for (const row of rows) {
    if (row.action !== "post") continue;
    const event = await loadOutboxEvent(deps, row);
    // A test delivery is posted as a test and starts nothing (docs/platform-assumptions.md, "Test deliveries").
    if (event?.kind !== "system.tournament_started" || event.test) continue;
    await startTournamentThread(deps.db, {
      guildId: row.guildId,
      channelId: row.channelId,
      messageId,
      tournamentId: event.data.tournamentId,
      title: event.data.title ?? "",
      now: deps.clock.now(),
    });
  }
  // One archive per summary, under its first row: a resend of the same group queues nothing more.
  const summary = rows.find((row) => row.action === "thread-post" && isTournamentSummary(row));
  if (summary?.targetMessageId == null) return;
  await queueThreadArchive(deps.db, {
    source: summary.source,
    eventId: summary.eventId,
    guildId: summary.guildId,
    channelId: summary.channelId,
    threadId: summary.targetMessageId,
    now: deps.clock.now(),
  });
}

function isTournamentSummary(row: OutboxEntry): boolean {
  return row.summaryKey?.startsWith("tournament:") === true;
}
