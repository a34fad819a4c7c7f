import { statsTimeframeChoices, type StatsTimeframe } from "../../api/assumptions.js";
import { getCurrentUserStats } from "../../api/users.js";
import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { deferPublicAnswer } from "../../linking/require-linked-member.js";
import { explainMissingOwnRecord } from "../explain-missing-own-record.js";
import { statsCommand } from "./data.js";
import { renderStats } from "./render-stats.js";

/** Sent explicitly, so the option's "default: 30 days" holds whatever the platform's own default is. */
export const defaultStatsTimeframe: StatsTimeframe = "30d";

function readTimeframe(value: string | undefined): StatsTimeframe {
  return statsTimeframeChoices.find((choice) => choice === value) ?? defaultStatsTimeframe;
}

/** `/stats [timeframe] [public]` (docs/architecture.md, "Commands"): the member's own statistics, ephemeral unless public. */
export const stats = defineCommand<BotDependencies, typeof statsCommand>({
  data: statsCommand,
  // A public answer is deferred by the handler, after the link check (docs/architecture.md, "Commands").
  acknowledge: (args) => (args.options.public === true ? "none" : "ephemeral"),
  async run(deps, { actor, args, responder }) {
    const { options } = args;
    const timeframe = readTimeframe(options.timeframe);
    if (options.public === true) await deferPublicAnswer(deps, actor, responder);
    const { link, credential } = await getMemberSession(deps, actor);
    const result = await getCurrentUserStats(deps.platform, credential, { timeframe }).catch(
      explainMissingOwnRecord(
        "The platform found no statistics for the account you linked here: it may have no battle yet, or " +
          "no longer exist (then run `/link` to link the account you use now).",
      ),
    );
    // Its rating is not kept for the read model: the answer carries no tier, and the card other members see
    // would pair it with the tier of an older rating (docs/architecture.md, "Commands").
    await responder.reply({
      ...renderStats({ username: link.platformUsername, timeframe, stats: result }),
      ephemeral: options.public !== true,
    });
  },
});
