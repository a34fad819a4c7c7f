// The outbox worker that posts queued messages to Discord (docs/architecture.md, "Posting"): what the rest of
// the bot uses.
export { createOutboxWorker } from "./outbox-worker.js";
export type { OutboxWorker, OutboxWorkerState } from "./outbox-worker.js";
export { outboxWorkerDefaults } from "./outbox-worker-options.js";
export type { OutboxWorkerOptions } from "./outbox-worker-options.js";
export type {
  OutboxOutcome,
  OutboxResult,
  RenderOutboxEntry,
  RenderOutboxSummary,
  SummaryPart,
} from "./outbox-result.js";
export { defaultRetryPolicy, computeRetryDelay } from "./retry-policy.js";
export type { RetryPolicy } from "./retry-policy.js";
export { defaultRetentionPolicy, minimumInboxRetentionMs, pruneDelivered } from "./prune-delivered.js";
export type { PruneCounts, RetentionPolicy } from "./prune-delivered.js";
export { classifyFailure } from "./classify-failure.js";
export type { DeliveryFailure } from "./classify-failure.js";
export { tellAdmins } from "./tell-admins.js";
export type { AdminNotice, AdminNoticeDeps } from "./tell-admins.js";
export { createAdminNoticeSource } from "./admin-notice-source.js";
export type {
  FailedRows,
  FailureKind,
  FailureReactions,
  LostThreadRows,
  OutboxSource,
  OutboxSources,
  ReactToFailure,
  ReactToLostThread,
} from "./outbox-source.js";
