import { plainCode, plainText } from "../../display/platform-text.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { describeEventKinds } from "../../display/event-kind-labels.js";
import type { RegisterOutcome } from "./register-webhook.js";

/** The answer to `/setup webhook register`; the secret is never part of it. */
export function renderRegisterOutcome(outcome: RegisterOutcome, platformUsername: string): Reply {
  const kinds = describeEventKinds(outcome.kinds);
  const lines =
    outcome.result === "updated"
      ? [
          `Updated the platform webhook ${plainCode(outcome.platformWebhookId)}.`,
          `It sends **${kinds}** to <${outcome.url}>.`,
        ]
      : [
          `Registered the platform webhook ${plainCode(outcome.platformWebhookId)} with your platform account ` +
            `**${plainText(platformUsername)}**.`,
          `It sends **${kinds}** to <${outcome.url}>, signed with a secret only the bot knows.`,
          ...(outcome.replacedWebhookId === undefined
            ? []
            : [
                `It replaces ${plainCode(outcome.replacedWebhookId)}, which your account cannot manage ` +
                  "(another account's, or deleted); deliveries to it are no longer accepted.",
              ]),
          "Check it with `/setup webhook test`. Only your platform account can manage it.",
        ];
  return { content: lines.join("\n"), ephemeral: true };
}
