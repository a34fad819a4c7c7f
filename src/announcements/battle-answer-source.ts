// The card edits a join queued (src/store/battle-answers.ts): rendered like an event's card edit
// (card-edit.ts), so both converge on the same card (docs/architecture.md, "Rendering", "Posting"); and the
// join's notice in the card's thread (src/store/message-threads.ts). A channel gone or closed already reaches
// the announcements' source; a thread refused or gone is forgotten.
import type { OutboxSource } from "../outbox/index.js";
import type { OutboxEntry } from "../store/outbox.js";
import { findBattleAnswer, listBattleAnswers } from "../store/battle-answers.js";
import { renderCardEditOf } from "./card-edit.js";
import type { OutboxRendererDeps } from "./outbox-renderer.js";
import { reactToThreadFailure } from "./message-thread-source.js";
import { renderJoinNotice } from "./join-notice.js";
import type { RenderedMessage } from "../display/rendered-message.js";

export function createBattleAnswerSource(deps: OutboxRendererDeps): OutboxSource {
  return {
    async render(entry) {
      const answer = await findBattleAnswer(deps.db, entry.eventId);
      if (answer === undefined || entry.targetMessageId === null) return undefined;
      if (entry.action === "thread-post") return renderJoinInThread(deps, entry);
      const target = {
        battleId: answer.battleId,
        guildId: entry.guildId,
        channelId: entry.channelId,
        messageId: entry.targetMessageId,
      };
      return renderCardEditOf(deps, target, undefined);
    },
    onFailure: reactToThreadFailure,
  };
}

/** Who the join seated: the players of its answer that the answer before it lacked. */
async function renderJoinInThread(
  deps: OutboxRendererDeps,
  entry: OutboxEntry,
): Promise<RenderedMessage | undefined> {
  const answer = await findBattleAnswer(deps.db, entry.eventId);
  if (answer === undefined) return undefined;
  const answers = await listBattleAnswers(deps.db, answer.battleId);
  const before = answers
    .slice(
      0,
      answers.findIndex((each) => each.id === answer.id),
    )
    .at(-1);
  const seated = new Set(before?.participants.map((player) => player.id) ?? []);
  return renderJoinNotice({
    joined: answer.participants.filter((player) => !seated.has(player.id)),
    seats: answer.participants.length,
    maxSeats: answers.map((each) => each.maxParticipants).find((max) => max !== undefined),
  });
}
