// The card edits a join queued (src/store/battle-answers.ts): rendered like an event's card edit
// (card-edit.ts), so both converge on the same card (docs/architecture.md, "Rendering", "Posting"). No
// failure reactions of its own: a channel gone or closed already reaches the announcements' source.
import type { OutboxSource } from "../outbox/index.js";
import { findBattleAnswer } from "../store/battle-answers.js";
import { renderCardEditOf } from "./card-edit.js";
import type { OutboxRendererDeps } from "./outbox-renderer.js";

export function createBattleAnswerSource(deps: OutboxRendererDeps): OutboxSource {
  return {
    async render(entry) {
      const answer = await findBattleAnswer(deps.db, entry.eventId);
      if (answer === undefined || entry.targetMessageId === null) return undefined;
      const target = {
        battleId: answer.battleId,
        guildId: entry.guildId,
        channelId: entry.channelId,
        messageId: entry.targetMessageId,
      };
      return renderCardEditOf(deps, target, undefined);
    },
  };
}
