// The /tournament replies that show platform text, rendered with a hostile string in every text field the
// platform fills: whatever the platform sends, the reply shows it as text (docs/architecture.md, "The rules
// the code keeps", "Platform text is inert").
import { renderRegistration } from "../../src/commands/tournament/render-registration.js";
import { renderTournamentLeaderboard } from "../../src/commands/tournament/render-tournament-leaderboard.js";
import { renderTournamentPage } from "../../src/commands/tournament/render-tournament-page.js";
import { at, type HostileRenderer, testRepliesShowTextAsText } from "./support/hostile-replies.js";
import { makeTournament } from "./tournament/fixtures.js";

/** Each renderer given `text` in every field the platform (or a member's platform account) fills. */
const renderers: readonly HostileRenderer[] = [
  [
    "tournament list page",
    (text) =>
      renderTournamentPage({
        tournaments: [makeTournament({ id: text, title: text, status: text, format: text, prize: text })],
        filter: { status: "open", difficulty: undefined },
        page: 0,
      }),
  ],
  [
    "tournament leaderboard",
    (text) =>
      renderTournamentLeaderboard({
        tournamentId: text,
        leaderboard: {
          leaderboard: [
            { rank: 1, user: { id: text, username: text }, score: 1, problemsSolved: 1, totalTime: 1 },
          ],
          userRank: 1,
          userScore: 1,
        },
        viewerPlatformUserId: text,
      }),
  ],
  [
    "tournament registration",
    (text) =>
      renderRegistration(
        {
          registered: true,
          tournamentId: text,
          tournamentTitle: text,
          registrationId: text,
          userId: text,
          status: text,
          registeredAt: at,
        },
        text,
      ),
  ],
  [
    "tournament registration without a title",
    (text) =>
      renderRegistration(
        {
          registered: false,
          tournamentId: text,
          tournamentTitle: undefined,
          registrationId: undefined,
          userId: undefined,
          status: undefined,
          registeredAt: undefined,
        },
        text,
      ),
  ],
];

testRepliesShowTextAsText(renderers);
