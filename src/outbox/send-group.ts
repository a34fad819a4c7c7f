// Sends the message(s) of a group already recorded on its rows (docs/architecture.md, "Posting"), each under
// a nonce named after the group, and marks every row delivered. Sent again after a crash, the same nonces make
// Discord return the messages it already made instead of posting them twice.
import type { RenderedMessage } from "../display/rendered-message.js";
import { sendOutboxMessage } from "../discord/send-message.js";
import type { OutboxEntry } from "../store/outbox.js";
import { classifyFailure, type DeliveryFailure } from "./classify-failure.js";
import { maxMessagesPerGroup, nameMessageNonce } from "./group-nonce.js";
import type { OutboxDeps } from "./outbox-deps.js";
import { describeResult, type OutboxResult } from "./outbox-result.js";
import { tellPosted } from "./deliver-entry.js";
import type { TurnOutcome } from "./turn-outcome.js";

export async function sendGroup(
  deps: OutboxDeps,
  group: {
    readonly groupId: string;
    /** The rows recorded in the group, oldest first. */
    readonly entries: readonly OutboxEntry[];
    readonly messages: readonly RenderedMessage[];
  },
): Promise<TurnOutcome> {
  const [first] = group.entries;
  if (first === undefined) return { ok: true, results: [] };
  const messageIds: string[] = [];
  let refusedPart: string | undefined;
  try {
    for (const [part, message] of group.messages.slice(0, maxMessagesPerGroup).entries()) {
      const nonce = nameMessageNonce(group.groupId, part);
      messageIds.push(await sendOutboxMessage(deps.rest, first, message, nonce));
    }
  } catch (error) {
    const failure = classifyFailure(error, first.action);
    // A refusal parts the rows to be sent one by one, which holds only while Discord made no message of the
    // group: once a part is in the channel, they would all be posted a second time beneath it. A refused part
    // is refused again when resent (the rows render the same), so the group is done with the parts it made.
    if (messageIds.length === 0 || !isRefusal(failure.kind)) {
      return { ok: false, failure, entries: group.entries };
    }
    refusedPart = `part ${String(messageIds.length + 1)} of ${String(group.messages.length)} refused: ${failure.detail}`;
    deps.logger.warn(
      { groupId: group.groupId, channelId: first.channelId, reason: refusedPart },
      "a group's later message was refused; its rows count as posted with the messages Discord made",
    );
  }
  const [messageId] = messageIds;
  // The sources hear before the rows are marked delivered (deliver-entry.ts, tellPosted).
  if (messageId !== undefined) {
    const heard = await tellPosted(deps, group.entries, messageId);
    if (!heard.ok) return { ok: false, failure: heard.failure, entries: group.entries };
  }
  const now = deps.clock.now();
  await Promise.all(
    group.entries.map((entry) =>
      deps.recordDelivered({ id: entry.id, postedMessageId: messageId ?? null, now }),
    ),
  );
  const results: OutboxResult[] = group.entries.map((entry) =>
    messageId === undefined
      ? describeResult(entry, "skipped", { reason: "the renderer had nothing to post" })
      : describeResult(entry, "delivered", {
          messageId,
          ...(refusedPart === undefined ? {} : { reason: refusedPart }),
        }),
  );
  return { ok: true, results };
}

function isRefusal(kind: DeliveryFailure["kind"]): boolean {
  return kind === "rejected" || kind === "message-gone";
}
