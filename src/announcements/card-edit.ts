// A battle card edit, whatever queued it (an event's row or a join's, docs/architecture.md, "Rendering"): the
// card as every event that reached it and every answer the platform gave the bot tell it, never as one alone.
import type { Kysely } from "kysely";
import { renderBattleCard } from "../cards/battle-card.js";
import type { RenderedMessage } from "../display/rendered-message.js";
import { cardBattleId, type KnownPlatformEvent } from "../events/index.js";
import type { Logger } from "../logger.js";
import { listBattleAnswers } from "../store/battle-answers.js";
import { findBattleCard } from "../store/battle-cards.js";
import type { Database } from "../store/database.js";
import { foldBattleCard } from "./battle-card-state.js";
import { findEarlyEvents, listCardEvents } from "./card-events.js";
import { listEventUsers } from "./event-users.js";
import { loadGuildMentions } from "./guild-mentions.js";

export interface CardEditTarget {
  readonly battleId: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly messageId: string;
}

export async function renderCardEditOf(
  deps: { readonly db: Kysely<Database>; readonly logger: Logger },
  target: CardEditTarget,
  trigger: KnownPlatformEvent | undefined,
): Promise<RenderedMessage> {
  const { battleId, guildId } = target;
  const card = await findBattleCard(deps.db, { battleId, guildId });
  const routed = await listCardEvents(deps.db, deps.logger, target);
  const early =
    card === undefined
      ? []
      : await findEarlyEvents(deps.db, deps.logger, { battleId, guildId, savedAt: card.createdAt });
  const byId = new Map<string, KnownPlatformEvent>();
  for (const candidate of [trigger, ...routed, ...early]) {
    if (candidate === undefined || cardBattleId(candidate) !== battleId || byId.has(candidate.id)) continue;
    byId.set(candidate.id, candidate);
  }
  const events = [...byId.values()];
  const answers = await listBattleAnswers(deps.db, battleId);
  const users = [
    ...events.flatMap((candidate) => listEventUsers(candidate).map((user) => user.id)),
    ...answers.flatMap((answer) => answer.participants.map((player) => player.id)),
  ];
  const mentions = await loadGuildMentions(deps.db, guildId, users);
  const view = foldBattleCard({ battleId, createdBy: card?.createdBy, events, answers }, { mentions });
  const { embeds, components, allowed_mentions } = renderBattleCard(view);
  return { embeds, components, allowed_mentions };
}
