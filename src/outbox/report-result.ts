import type { Logger } from "../logger.js";
import type { OutboxResult } from "./outbox-result.js";

/** Logs a row's outcome (a dead row at warn, one left for later at debug) and hands it to onResult. */
export function reportResult(
  logger: Logger,
  onResult: ((result: OutboxResult) => void) | undefined,
  result: OutboxResult,
): void {
  const fields = { outboxId: result.id, channelId: result.channelId, reason: result.reason };
  if (result.outcome === "dead") logger.warn(fields, "outbox row dead");
  else if (result.outcome !== "delivered")
    logger.debug({ ...fields, outcome: result.outcome }, "outbox row not sent");
  try {
    onResult?.(result);
  } catch (error) {
    logger.error({ err: error }, "the outbox onResult callback threw");
  }
}
