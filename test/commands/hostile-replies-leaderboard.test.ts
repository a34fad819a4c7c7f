// The /leaderboard replies that show platform text, rendered with a hostile string in every text field the
// platform fills: whatever the platform sends, the reply shows it as text (docs/architecture.md, "The rules
// the code keeps", "Platform text is inert").
import { renderGlobalLeaderboard } from "../../src/commands/leaderboard/render-global-leaderboard.js";
import { renderServerLeaderboard } from "../../src/commands/leaderboard/render-server-leaderboard.js";
import { renderServerPeriodLeaderboard } from "../../src/commands/leaderboard/render-server-period-leaderboard.js";
import { now, type HostileRenderer, testRepliesShowTextAsText } from "./support/hostile-replies.js";

/** Each renderer given `text` in every field the platform (or a member's platform account) fills. */
const renderers: readonly HostileRenderer[] = [
  [
    "global leaderboard",
    (text) =>
      renderGlobalLeaderboard({
        board: {
          rankings: [
            {
              rank: 1,
              user: { id: text, username: text, rating: 1500, tier: text },
              winRate: 0.5,
              battlesWon: 1,
            },
          ],
          total: 1,
          hasMore: false,
        },
        page: 0,
        pageSize: 10,
        viewerPlatformUserId: text,
      }),
  ],
  [
    "server leaderboard",
    (text) =>
      renderServerLeaderboard({
        rows: [
          { userId: "200", platformUserId: text, username: text, rating: 1500, tier: text, updatedAt: 0 },
        ],
        page: 0,
        pageSize: 10,
        viewerUserId: "200",
      }),
  ],
  [
    "server leaderboard of a period",
    (text) =>
      renderServerPeriodLeaderboard({
        period: "week",
        window: { from: now - 7 * 86_400_000, to: now },
        rows: [
          { platformUserId: text, ratingChange: 12, latestRating: 1512, battlesPlayed: 2, battlesWon: 1 },
          {
            platformUserId: `${text}-unlinked`,
            ratingChange: 5,
            latestRating: null,
            battlesPlayed: 0,
            battlesWon: 0,
          },
        ],
        members: [{ userId: "200", platformUserId: text, platformUsername: text }],
        page: 0,
        pageSize: 10,
        viewerUserId: "200",
      }),
  ],
];

testRepliesShowTextAsText(renderers);
