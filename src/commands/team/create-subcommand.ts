import { plainText } from "../../display/platform-text.js";
import { createTeam } from "../../api/index.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { ServerActor } from "../../discord/interaction-handlers.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { recordMemberTeam } from "../../store/member-teams.js";
import { explainTeamError } from "./explain-team-error.js";
import { renderCreatedTeam } from "./render-team.js";
import type { TeamOptions } from "./team-arguments.js";

/** `/team create name [description] [public] [max-members]` → POST /teams as the member, who owns the team. */
export async function runTeamCreate(
  deps: BotDependencies,
  actor: ServerActor,
  options: TeamOptions<"create">,
): Promise<Reply> {
  const { credential } = await getMemberSession(deps, actor);
  const input = {
    name: options.name,
    description: options.description,
    // The option says "default: yes", so that is sent rather than left to the platform's own default.
    isPublic: options.public ?? true,
    maxMembers: options["max-members"],
  };
  const team = await createTeam(deps.platform, credential, input).catch((error: unknown) => {
    throw (
      explainTeamError(error, {
        409:
          `The platform refused: a team named **${plainText(options.name)}** probably exists already. ` +
          "If an earlier `/team create` of yours went unanswered, it may be yours: look for it on the " +
          "platform. Otherwise, choose another name.",
      }) ?? error
    );
  });
  // Remembered for /team invite's suggestions and its answer: the platform lists no member's teams. The team
  // exists whether or not that is stored, so a database that cannot write does not hide its id: only the
  // suggestions go without it.
  const recorded = await recordMemberTeam(deps.db, {
    guildId: actor.guildId,
    userId: actor.userId,
    teamId: team.id,
    teamName: team.name,
    // The platform's answer, else what was asked.
    isPublic: team.isPublic ?? input.isPublic,
    now: deps.clock.now(),
  }).then(
    () => true,
    (error: unknown) => {
      deps.logger.warn({ err: error, teamId: team.id }, "could not record a team /team create made");
      return false;
    },
  );
  const reply = renderCreatedTeam(team);
  if (recorded) return reply;
  const note = "-# `/team invite` won't suggest it: type its id.";
  return { ...reply, content: reply.content === undefined ? note : `${reply.content}\n${note}` };
}
