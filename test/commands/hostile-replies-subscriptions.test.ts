// The /subscriptions list, rendered with a hostile string in every text field the platform fills: whatever
// the platform sends, the reply shows it as text (docs/architecture.md, "The rules the code keeps",
// "Platform text is inert").
import { renderSubscriptionList } from "../../src/commands/subscriptions/render-subscription-list.js";
import { type HostileRenderer, testRepliesShowTextAsText } from "./support/hostile-replies.js";

/** Each renderer given `text` in every field the platform (or a member's platform account) fills. */
const renderers: readonly HostileRenderer[] = [
  [
    "subscriptions list",
    (text) =>
      renderSubscriptionList(
        [
          {
            id: "sub_1",
            guildId: "100",
            channelId: "300",
            eventKinds: ["battle.completed"],
            filters: { tournamentId: text, difficulty: text },
            status: "paused",
            statusReason: text,
            createdBy: "200",
            createdAt: 0,
            updatedAt: 0,
          },
        ],
        undefined,
      ),
  ],
];

testRepliesShowTextAsText(renderers);
