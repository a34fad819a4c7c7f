import { getMyRank } from "../../api/leaderboards.js";
import type { BotDependencies } from "../bot-dependencies.js";
import { renderRatingChart } from "../../charts/rating-chart.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { deferPublicAnswer } from "../../linking/require-linked-member.js";
import { explainMissingOwnRecord } from "../explain-missing-own-record.js";
import { rankCommand } from "./data.js";
import { findKnownMember } from "./known-member.js";
import { rememberPlatformUser } from "./remember-platform-user.js";
import { renderMemberRank } from "./render-member-rank.js";
import { ratingChartFileName, renderOwnRank } from "./render-own-rank.js";
import { requireOtherMembersServer } from "./known-member.js";

/**
 * `/rank [member] [public]` (docs/architecture.md, "Commands"): your own rank with the rating-history chart,
 * or another member's from the read model.
 */
export const rank = defineCommand<BotDependencies, typeof rankCommand>({
  data: rankCommand,
  // A public answer is deferred by the handler, after the link check (docs/architecture.md, "Commands").
  acknowledge: (args) => (args.options.public === true ? "none" : "ephemeral"),
  async run(deps, { actor, args, responder }) {
    const { options } = args;
    const ephemeral = options.public !== true;
    const member = options.member;
    if (member !== undefined && member.id !== actor.userId) {
      // The read model alone, no platform call: answered at once, so an unknown member's error stays private.
      const known = await findKnownMember(deps.db, {
        guildId: requireOtherMembersServer(actor),
        userId: member.id,
      });
      await responder.reply({ ...renderMemberRank(known), ephemeral });
      return;
    }
    if (!ephemeral) await deferPublicAnswer(deps, actor, responder);
    const { link, credential } = await getMemberSession(deps, actor);
    const info = await getMyRank(deps.platform, credential).catch(
      explainMissingOwnRecord(
        "The platform found no rank for the account you linked here: it may have no rated battle yet, or " +
          "no longer exist (then run `/link` to link the account you use now).",
      ),
    );
    await rememberPlatformUser(deps, {
      platformUserId: link.platformUserId,
      // The rank's answer names nobody: the name saved at link time may be older than the one stored.
      username: link.platformUsername,
      usernameAsLinked: true,
      rating: info.rating,
      tier: info.tier,
    });
    const chart =
      info.ratingHistory.length === 0
        ? undefined
        : await renderRatingChart({
            username: link.platformUsername,
            history: info.ratingHistory,
            tier: info.tier,
          });
    await responder.reply({
      ...renderOwnRank({ username: link.platformUsername, rank: info, hasChart: chart !== undefined }),
      ephemeral,
      files:
        chart === undefined ? [] : [{ name: ratingChartFileName, data: chart, contentType: "image/png" }],
    });
  },
});
