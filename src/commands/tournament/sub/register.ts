import type { BotDependencies } from "../../bot-dependencies.js";
import { readTypedId } from "../../read-typed-id.js";
import { registerMember } from "../register-member.js";
import type { SubcommandContext, TournamentOptions } from "../tournament-arguments.js";

/** `/tournament register id`: registers the member as themselves, answered privately (as the Register buttons). */
export async function runTournamentRegister(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
  options: TournamentOptions<"register">,
): Promise<void> {
  await responder.reply(await registerMember(deps, actor, readTypedId(options.id, "tournament")));
}
