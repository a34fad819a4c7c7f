import { getBattle } from "../../../api/index.js";
import type { BotDependencies } from "../../bot-dependencies.js";
import { getMemberSession } from "../../../linking/member-credential.js";
import type { BattleOptionsOf, SubcommandContext } from "../battle-arguments.js";
import { renderBattleStatus } from "../battle-status-view.js";
import { deferPublicAnswer } from "../../../linking/require-linked-member.js";
import { readTypedId } from "../../read-typed-id.js";

/** `/battle status id`: GET /battles/{id} as the member; private unless they ask `public:true`. */
export async function showBattleStatus(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
  options: BattleOptionsOf<"status">,
): Promise<void> {
  const battleId = readTypedId(options.id, "battle");
  const shared = options.public === true;
  if (shared) await deferPublicAnswer(deps, actor, responder);
  const { credential } = await getMemberSession(deps, actor);
  const details = await getBattle(deps.platform, credential, battleId);
  await responder.reply(renderBattleStatus(details, deps.clock.now(), !shared));
}
