// Announcements of the platform's events as the outbox knows them (docs/architecture.md, "Rendering",
// "Posting"): rendered from the stored event, a contest's rating changes summarised, a channel that is gone or
// closed to the bot has its subscriptions disabled or paused, and a routed post of a lost thread goes to the
// channel.
import type { FailureReactions, OutboxSource } from "../outbox/index.js";
import { reactToThreadFailure, renderThreadArchive } from "./message-thread-source.js";
import { createDisableSubscriptions, pauseSubscriptions } from "./closed-channel.js";
import { createOutboxRenderer, type OutboxRendererDeps } from "./outbox-renderer.js";
import { createOutboxSummaryRenderer } from "./outbox-summary-renderer.js";
import { followTournamentPosts } from "./tournament-thread.js";
import { requeueRoutedPosts } from "../store/requeue-routed-posts.js";

export function createAnnouncementSource(deps: OutboxRendererDeps): OutboxSource {
  const render = createOutboxRenderer(deps);
  return {
    // A battle's result, or a tournament's summary, archives its thread once posted there
    // (src/store/message-threads.ts).
    render: (entry) => (entry.action === "archive-thread" ? renderThreadArchive(entry) : render(entry)),
    renderSummary: createOutboxSummaryRenderer(deps),
    // A tournament's start starts its thread; its rating summary in that thread archives it.
    onPosted: (rows, messageId) => followTournamentPosts(deps, rows, messageId),
    onFailure: { ...reactToClosedChannel(deps), ...reactToThreadFailure },
    // A post a route put in a thread that is lost goes to the channel, as the route would have had it.
    onThreadLost: requeueRoutedPosts,
  };
}

/** What announcements do when Discord says their channel is gone or closed to the bot. */
export function reactToClosedChannel(deps: Pick<OutboxRendererDeps, "logger">): FailureReactions {
  return { "channel-gone": createDisableSubscriptions(deps.logger), "no-access": pauseSubscriptions };
}
