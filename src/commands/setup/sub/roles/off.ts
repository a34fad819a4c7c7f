// `/setup roles off` (docs/architecture.md, "Tier roles"): nothing more is changed; roles already given stay,
// and the answer says how to remove them.
import type { BotDependencies } from "../../../bot-dependencies.js";
import { saveRoleSyncMode } from "../../../../store/guild-role-settings.js";
import { dropGuildRoleQueue } from "../../../../store/guild-role-queue.js";
import { listTierRoles } from "../../../../store/tier-roles.js";
import type { SubcommandContext } from "../../setup-arguments.js";

export async function turnOffTierRoles(deps: BotDependencies, guildId: string): Promise<string> {
  const roles = await deps.db.transaction().execute(async (trx) => {
    await saveRoleSyncMode(trx, { guildId, mode: "off", now: deps.clock.now() });
    await dropGuildRoleQueue(trx, guildId);
    return listTierRoles(trx, guildId);
  });
  const mentions = roles.map((role) => `<@&${role.roleId}>`).join(", ");
  return (
    "Tier roles are off: I won't give or take them any more, and members keep the ones they have." +
    (roles.length === 0
      ? ""
      : ` To remove them from everyone, delete ${mentions} in Server Settings → Roles.`) +
    " Turn them back on with `/setup roles sync`."
  );
}

/** The subcommand, answered privately. */
export async function runRolesOff(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
): Promise<void> {
  await responder.reply({ content: await turnOffTierRoles(deps, actor.guildId), ephemeral: true });
}
