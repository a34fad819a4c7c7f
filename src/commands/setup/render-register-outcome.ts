import { plainCode, plainText } from "../../display/platform-text.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { describeEventKinds } from "../../display/event-kind-labels.js";
import type { RegisterOutcome } from "./sub/webhook/register.js";
import { describeReplacedWebhook } from "./render-replaced-webhook.js";

/** The answer to `/setup webhook register`; the secret is never part of it. */
export function renderRegisterOutcome(outcome: RegisterOutcome, platformUsername: string): Reply {
  const kinds = describeEventKinds(outcome.kinds);
  const sends = `It sends **${kinds}** to <${outcome.url}>, signed with a secret only the bot knows.`;
  const check = "Check it with `/setup webhook test`. Only your platform account can manage it.";
  const lines =
    outcome.result === "updated"
      ? [
          `Updated the platform webhook ${plainCode(outcome.platformWebhookId)}.`,
          `It sends **${kinds}** to <${outcome.url}>.`,
        ]
      : outcome.result === "replaced"
        ? [...describeReplacedWebhook(outcome, platformUsername), sends, check]
        : [
            `Registered the platform webhook ${plainCode(outcome.platformWebhookId)} with your platform account ` +
              `**${plainText(platformUsername)}**.`,
            sends,
            check,
          ];
  return { content: lines.join("\n"), ephemeral: true };
}
