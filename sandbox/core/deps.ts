import type { EventKind } from "../webhooks/event-kinds.js";
import type { SandboxClock } from "../clock.js";
import type { SandboxState } from "../state.js";

/** The API request that caused an event; it becomes the payload's `request` object. */
export interface EventCause {
  requestId: string;
  idempotencyKey: string;
}

/** Event-specific data: `object` names the resource kind, `id` its identifier (the platform's API reference, Payload). */
export interface EventData {
  object: string;
  id: string;
  [field: string]: unknown;
}

export type Publish = (kind: EventKind, data: EventData, cause: EventCause) => void;

/** What the core functions act on; built once per sandbox and passed down. */
export interface CoreDeps {
  state: SandboxState;
  clock: SandboxClock;
  publish: Publish;
}
