import { discordTimestamp } from "../../display/discord-timestamp.js";
import { plainCode } from "../../display/platform-text.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { describeReplacedWebhook } from "./render-replaced-webhook.js";
import type { RotationOutcome } from "./sub/webhook/rotate-secret.js";

/** The answer to `/setup webhook rotate-secret`; neither secret is ever part of it. */
export function renderRotationOutcome(outcome: RotationOutcome, platformUsername: string): Reply {
  const lines =
    outcome.result === "rotated"
      ? [
          `Rotated the signing secret of webhook ${plainCode(outcome.platformWebhookId)}. The platform now ` +
            "signs with the new one; deliveries signed with the old one are accepted until " +
            `${discordTimestamp(outcome.previousAcceptedUntil, "f")}.`,
        ]
      : [
          ...describeReplacedWebhook(outcome, platformUsername),
          "Check the new one with `/setup webhook test`.",
        ];
  return { content: lines.join("\n"), ephemeral: true };
}
