// Announcements of platform events in Discord (docs/architecture.md, "Rendering"): what the rest of the bot
// uses.
export { createOutboxRenderer } from "./outbox-renderer.js";
export type { OutboxRendererDeps, RenderOutboxRow } from "./outbox-renderer.js";
export { renderEvent, renderAnnouncement } from "./render-event.js";
export type { RenderContext } from "./render-context.js";
export type { Announcement } from "./announcement.js";
export { foldBattleCard } from "./battle-card-state.js";
export type { CardHistory } from "./battle-card-state.js";
export { createOutboxSummaryRenderer } from "./outbox-summary-renderer.js";
export { createAnnouncementSource, reactToClosedChannel } from "./announcement-source.js";
export { createBattleAnswerSource } from "./battle-answer-source.js";
export { createMessageThreadSource, reactToThreadFailure } from "./message-thread-source.js";
export { describePausedChannel } from "./closed-channel.js";
export { renderReminderPost } from "./reminder-post.js";
export type { ReminderPostDeps } from "./reminder-post.js";
