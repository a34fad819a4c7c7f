// The three steps of `/setup webhook test`'s reply, each an edit of the last: sending, waiting, the outcome.
import type { Reply } from "../../discord/interaction-responder.js";
import type { EventKind } from "../../events/event-kinds.js";
import type { DeliveryFate } from "./follow-test-delivery.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";

export interface TestResult {
  readonly kind: EventKind;
  /** Where the platform sends this server's events. */
  readonly url: string;
  /** When the bot asked the platform to send, on the bot's clock. */
  readonly startedAt: number;
  readonly windowMs: number;
  readonly fate: DeliveryFate;
}

const seconds = (milliseconds: number) => `${(Math.max(0, milliseconds) / 1000).toFixed(1)} s`;
const reply = (content: string): Reply => ({ content, ephemeral: true });

/** Step 1: the platform call can take up to its time-out. */
export function renderTestProgress(kind: EventKind): Reply {
  return reply(`⏳ Sending a test \`${kind}\` event through this server's webhook…`);
}

/** Step 2: the platform accepted it; the bot now watches its own inbox. */
export function renderTestWaiting(kind: EventKind, url: string, windowMs: number): Reply {
  return reply(
    `📨 The platform accepted the test \`${kind}\` event.\n` +
      `⏳ Waiting up to ${seconds(windowMs)} for it to arrive at <${url}>…`,
  );
}

/** What to check for each answer the platform got from the webhook URL. */
function explainResponseCode(code: number | undefined): string {
  if (code === undefined || code === 0)
    return "Nothing answered there: check that this address reaches the bot from the internet (PUBLIC_URL, firewall, reverse proxy).";
  if (code === 401)
    return "The bot refused the signature: the platform signs with a secret the bot does not hold. Run `/setup webhook rotate-secret` to set a new one on both sides.";
  if (code === 403)
    return "The bot refused the sender's address: check WEBHOOK_ALLOWED_IPS and TRUSTED_PROXIES.";
  if (code === 404)
    return "The bot does not know this endpoint (registered by another installation, or removed): run `/setup webhook register` again.";
  if (code >= 500) return "The bot failed while storing it: its logs say why.";
  return "Check that this address reaches the bot (PUBLIC_URL).";
}

/** Step 3. */
export function renderTestResult(result: TestResult): Reply {
  const { kind, url, fate } = result;
  const then = `\nThen see \`/setup webhook deliveries\`.`;
  switch (fate.fate) {
    case "arrived":
      return reply(
        `✅ The test \`${kind}\` event arrived in ${seconds(fate.event.receivedAt - result.startedAt)}: ` +
          `the bot verified its signature and stored it ${discordTimestamp(fate.event.receivedAt, "R")}.`,
      );
    case "answered-elsewhere": {
      const code = fate.delivery.responseCode === undefined ? "" : ` (HTTP ${fate.delivery.responseCode})`;
      return reply(
        `⚠️ The platform delivered the test \`${kind}\` event${code}, but not to this bot: something else ` +
          `answers where the platform sent it. Check that PUBLIC_URL is this bot's address (an old deployment ` +
          `or a proxy may be answering at <${url}>), and if the webhook's address was changed on the platform, ` +
          `run \`/setup webhook register\` again.${then}`,
      );
    }
    case "failed": {
      // No attempt found (none on record, or the records could not be read): nothing says the address is at
      // fault, so none of its checks are suggested.
      if (fate.delivery === undefined)
        return reply(
          `❌ The platform says it did not deliver the test \`${kind}\` event to <${url}>, and the bot found no ` +
            `record of an attempt.${then}`,
        );
      const code = fate.delivery.responseCode;
      const answered = code === undefined ? "" : code === 0 ? " (no answer)" : ` (HTTP ${code})`;
      return reply(
        `❌ The platform could not deliver the test \`${kind}\` event to <${url}>${answered}.\n` +
          `${explainResponseCode(code)}${then}`,
      );
    }
    case "not-arrived":
      return reply(
        `⌛ The test \`${kind}\` event did not arrive within ${seconds(result.windowMs)}, and the platform has ` +
          `no answer from <${url}> yet. It retries for about 40 minutes; check that this address reaches ` +
          `the bot (PUBLIC_URL).${then}`,
      );
  }
}
