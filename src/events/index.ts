// The platform event model: the kinds, each kind's data, the one PlatformEvent type both payload forms
// become, and how an event is read from a delivery body or back from the inbox. The receiver
// (src/webhooks/), the renderers (src/announcements/) and /subscribe use it from here.
export { eventKinds, eventKindAliases, isEventKind, canonicalEventKind } from "./event-kinds.js";
export type { EventKind } from "./event-kinds.js";
export type {
  EventDataByKind,
  EventRequest,
  KnownPlatformEvent,
  PayloadForm,
  PlatformEvent,
  PlatformEventOf,
  UnknownPlatformEvent,
} from "./platform-event.js";
export type * from "./event-data/battle-events.js";
export type * from "./event-data/user-events.js";
export type * from "./event-data/team-events.js";
export type * from "./event-data/system-events.js";
export type { UserRef } from "./event-data/fields.js";
export { normaliseEvent, deriveEventId } from "./normalise-event.js";
export type { NormalisedDelivery } from "./normalise-event.js";
export { isStoredTestEvent, readStoredEvent, StoredEventError } from "./stored-event.js";
export { battleResultKinds, cardBattleId, isBattleResult } from "./card-battle-id.js";
export { compareTiers, readTierMove, sameTier } from "./tier-move.js";
export type { TierMove } from "./tier-move.js";
export { isLostAlone, readPlayerOutcome, readTeamOutcome, readWinner } from "./battle-outcome.js";
export type { BattleOutcome } from "./battle-outcome.js";
export { readRatingContest, describeContestKey } from "./rating-contest.js";
export type { RatingContest } from "./rating-contest.js";
