// The /rank, /profile, /stats, /whoami and /link replies that show a member's platform account, rendered
// with a hostile string in every text field the platform fills: whatever the platform sends, the reply shows
// it as text (docs/architecture.md, "The rules the code keeps", "Platform text is inert").
import { renderMemberProfile, renderOwnProfile } from "../../src/commands/profile/render-profile-card.js";
import { renderProfileUpdated } from "../../src/commands/profile/render-profile-updated.js";
import { renderMemberRank } from "../../src/commands/rank/render-member-rank.js";
import { renderOwnRank } from "../../src/commands/rank/render-own-rank.js";
import { describeLinked } from "../../src/commands/link/render-linked.js";
import { renderStats } from "../../src/commands/stats/render-stats.js";
import { renderWhoami } from "../../src/commands/whoami/render-whoami.js";
import { at, now, type HostileRenderer, testRepliesShowTextAsText } from "./support/hostile-replies.js";

const member = (text: string) => ({
  userId: "200",
  platformUsername: text,
  rating: 1500,
  tier: text,
  seenAt: now,
});

/** The member's own platform account, `text` in every field it fills. */
const ownAccount = (text: string) => ({
  id: text,
  username: text,
  email: text,
  rating: 1500,
  tier: text,
  joinedAt: at,
  displayName: text,
  bio: text,
  location: text,
  website: text,
});

/** Each renderer given `text` in every field the platform (or a member's platform account) fills. */
const renderers: readonly HostileRenderer[] = [
  [
    "own rank",
    (text) =>
      renderOwnRank({
        username: text,
        rank: { globalRank: 1, rating: 1500, tier: text, percentile: 50, ratingHistory: [] },
        hasChart: false,
      }),
  ],
  ["member rank", (text) => renderMemberRank(member(text))],
  ["own profile card", (text) => renderOwnProfile(ownAccount(text), { showEmail: true })],
  ["member profile card", (text) => renderMemberProfile(member(text))],
  [
    "profile updated",
    (text) =>
      renderProfileUpdated(
        { displayName: text, bio: text, location: text, website: text },
        { success: true, user: { id: text, username: text, displayName: text, bio: text } },
      ),
  ],
  [
    "stats",
    (text) =>
      renderStats({
        username: text,
        timeframe: "30d",
        stats: {
          totalBattles: 1,
          wins: 1,
          losses: 0,
          winRate: 1,
          averageTime: 60,
          rating: 1500,
          ratingChange: 1,
        },
      }),
  ],
  [
    "whoami",
    (text) =>
      renderWhoami(ownAccount(text), {
        credentialKind: "oauth",
        scopes: [text],
        credential: { expiresAt: now },
      }),
  ],
  ["linked with an API key", (text) => ({ content: describeLinked(text, "api-key") })],
  ["linked through OAuth", (text) => ({ content: describeLinked(text, "oauth") })],
];

testRepliesShowTextAsText(renderers);
