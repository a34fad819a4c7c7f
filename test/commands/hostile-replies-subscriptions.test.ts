// The /subscriptions list, rendered with a hostile string in every text field the platform fills: whatever
// the platform sends, the reply shows it as text (docs/architecture.md, "The rules the code keeps",
// "Platform text is inert").
import { describe, it } from "vitest";
import { renderSubscriptionList } from "../../src/commands/subscriptions/render-subscription-list.js";
import { expectInert, hostileTexts } from "../support/hostile-text.js";
import { withoutBotMentions, type HostileRenderer } from "./support/hostile-replies.js";

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

describe("command replies show hostile platform text as text", () => {
  const cases = renderers.flatMap(([name, render]) =>
    hostileTexts.map((hostile) => [name, hostile, render] as const),
  );

  it.each(cases)("%s with %j", (_name, hostile, render) => {
    expectInert(withoutBotMentions(render(hostile)));
  });
});
