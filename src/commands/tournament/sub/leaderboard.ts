import { getTournamentLeaderboard } from "../../../api/index.js";
import type { BotDependencies } from "../../bot-dependencies.js";
import { getMemberSession } from "../../../linking/member-credential.js";
import { deferPublicAnswer } from "../../../linking/require-linked-member.js";
import { readTypedId } from "../../read-typed-id.js";
import { findTournament } from "../find-tournament.js";
import { renderTournamentLeaderboard } from "../render-tournament-leaderboard.js";
import type { SubcommandContext, TournamentOptions } from "../tournament-arguments.js";

/**
 * `/tournament leaderboard id [public]`. It carries the member's own rank and score, so it is ephemeral unless
 * they ask for `public:true` (docs/architecture.md, "Commands"); the public form is deferred here, after the
 * link check.
 */
export async function runTournamentLeaderboard(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
  options: TournamentOptions<"leaderboard">,
): Promise<void> {
  const tournamentId = readTypedId(options.id, "tournament");
  const visible = options.public === true;
  if (visible) await deferPublicAnswer(deps, actor, responder);
  const { link, credential } = await getMemberSession(deps, actor);
  // The standings do not carry the tournament's name; the list, read alongside by status, does.
  const [leaderboard, tournament] = await Promise.all([
    getTournamentLeaderboard(deps.platform, credential, tournamentId),
    findTournament(deps.platform, credential, tournamentId),
  ]);
  const reply = renderTournamentLeaderboard({
    tournamentId,
    tournamentTitle: tournament?.title,
    leaderboard,
    viewerPlatformUserId: link.platformUserId,
  });
  await responder.reply({ ...reply, ephemeral: !visible });
}

/** Ephemeral answers are deferred by the dispatcher; public ones by the subcommand itself. */
export function acknowledgeLeaderboard(options: TournamentOptions<"leaderboard">): "ephemeral" | "none" {
  return options.public === true ? "none" : "ephemeral";
}
