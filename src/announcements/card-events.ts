// The events a battle card is rebuilt from (battle-card-state.ts): every event routed to that card message
// (its edit rows in the outbox), plus those that arrive just before the card is saved and so have no edit row:
// the battle.created, the only event naming the language and the seats, and, for an accepted challenge, whose
// card is saved once both players are seated, the battle.started telling when it ends.
import type { Kysely } from "kysely";
import { cardBattleId, readStoredEvent, StoredEventError, type KnownPlatformEvent } from "../events/index.js";
import type { Logger } from "../logger.js";
import {
  listBattleEvents,
  listCardMessageEvents,
  type StoredEventText,
} from "../store/battle-card-events.js";
import type { Database } from "../store/database.js";

/** The newest this many events of one card are read; a battle's key events are few, submissions many. */
const maxCardEvents = 500;
/** How long before the card was saved its battle.created (or .started) may have been received. */
const createdLookback = 15 * 60_000;
/** How many candidates of that window are read. */
const maxCreatedCandidates = 50;

export interface CardMessage {
  readonly channelId: string;
  readonly messageId: string;
}

export async function listCardEvents(
  db: Kysely<Database>,
  logger: Logger,
  card: CardMessage,
): Promise<KnownPlatformEvent[]> {
  const rows = await listCardMessageEvents(db, { ...card, limit: maxCardEvents });
  return rows.flatMap((row) => readPayload(logger, row));
}

/** The kinds of a battle's events that may reach the guild before its card is saved. */
const earlyKinds = ["battle.created", "battle.started"] as const;

/**
 * The battle.created and battle.started of `battleId` received shortly before `savedAt` (the newest of each),
 * if the inbox still has them. Only from a source that may reach `guildId` (the operator or that guild's own
 * endpoints, docs/architecture.md, "Webhooks in"): another guild's admins can sign anything with their
 * endpoint's secret, and must not be able to rewrite this guild's card.
 */
export async function findEarlyEvents(
  db: Kysely<Database>,
  logger: Logger,
  input: { readonly battleId: string; readonly guildId: string; readonly savedAt: number },
): Promise<KnownPlatformEvent[]> {
  const rows = await listBattleEvents(db, {
    battleId: input.battleId,
    guildId: input.guildId,
    kinds: earlyKinds,
    receivedFrom: input.savedAt - createdLookback,
    receivedTo: input.savedAt,
    limit: maxCreatedCandidates,
  });
  const events = rows.flatMap((row) => readPayload(logger, row));
  return earlyKinds.flatMap((kind) => {
    const found = events.find(
      // A test delivery may name a real battle; it never tells a card anything (test-event.ts).
      (event) => event.kind === kind && !event.test && cardBattleId(event) === input.battleId,
    );
    return found === undefined ? [] : [found];
  });
}

/** How far back a battle's own events are looked for when a rating summary names the battle. */
const battleTitleLookback = 24 * 60 * 60_000;
const maxBattleTitleCandidates = 20;

/**
 * The problem title of `battleId` as its own events told this guild (battle.completed, started or created,
 * newest first, received within a day before `now`), for a rating summary whose changes name only the battle
 * (docs/platform-assumptions.md, "Which contest a rating change belongs to"). From the same sources as
 * findCreatedEvent, so another guild's endpoint cannot rename this guild's summary; no platform request.
 */
export async function findBattleTitle(
  db: Kysely<Database>,
  logger: Logger,
  input: { readonly battleId: string; readonly guildId: string; readonly now: number },
): Promise<string | undefined> {
  const rows = await listBattleEvents(db, {
    battleId: input.battleId,
    guildId: input.guildId,
    kinds: ["battle.completed", "battle.started", "battle.created"],
    receivedFrom: input.now - battleTitleLookback,
    receivedTo: input.now,
    limit: maxBattleTitleCandidates,
  });
  for (const event of rows.flatMap((row) => readPayload(logger, row))) {
    if (event.test) continue;
    if (
      event.kind !== "battle.completed" &&
      event.kind !== "battle.started" &&
      event.kind !== "battle.created"
    )
      continue;
    const title = event.data.problem?.title?.trim();
    if (event.data.battleId === input.battleId && title !== undefined && title !== "") return title;
  }
  return undefined;
}

function readPayload(logger: Logger, { eventId, payload }: StoredEventText): KnownPlatformEvent[] {
  try {
    const event = readStoredEvent(JSON.parse(payload) as unknown);
    return event.kind === undefined ? [] : [event];
  } catch (error) {
    if (!(error instanceof StoredEventError) && !(error instanceof SyntaxError)) throw error;
    logger.warn({ eventId, reason: error.message }, "skipped an inbox event that cannot be read back");
    return [];
  }
}
