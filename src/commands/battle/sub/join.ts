import type { BotDependencies } from "../../bot-dependencies.js";
import type { BattleOptionsOf, SubcommandContext } from "../battle-arguments.js";
import { joinAsMember } from "../join-battle.js";
import { readTypedId } from "../../read-typed-id.js";

/** `/battle join id`: joins as the member, answered privately (the card's Join button does the same). */
export async function runBattleJoin(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
  options: BattleOptionsOf<"join">,
): Promise<void> {
  await responder.reply(await joinAsMember(deps, actor, readTypedId(options.id, "battle")));
}
