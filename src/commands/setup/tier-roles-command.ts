// `/setup roles create|map|sync|off` (docs/architecture.md, "Tier roles"). Like every /setup subcommand, the
// dispatcher re-checks Manage Server at run time; none of these needs the admin's platform link.
import type { APIApplicationCommandOptionChoice } from "discord-api-types/v10";
import type { BotDependencies } from "../bot-dependencies.js";
import type { Actor } from "../../discord/interaction-handlers.js";
import type { InteractionResponder } from "../../discord/interaction-responder.js";
import { discordLimits } from "../../discord/discord-limits.js";
import { plainLabel } from "../../display/platform-text.js";
import { formatTier } from "../../display/tier.js";
import { listTiers } from "../../store/tiers.js";
import { createTierRoles } from "./create-tier-roles.js";
import { mapTierToRole } from "./map-tier-role.js";
import { renderCreatedTierRoles, renderTierRoleSync } from "./render-tier-roles.js";
import type { SetupGroupArguments } from "./setup-arguments.js";
import { syncTierRoles } from "./sync-tier-roles.js";
import { turnOffTierRoles } from "./turn-off-tier-roles.js";

export async function runTierRolesCommand(
  deps: BotDependencies,
  context: {
    readonly actor: Actor;
    readonly interactionId: string;
    readonly responder: InteractionResponder;
  },
  args: SetupGroupArguments<"roles">,
): Promise<void> {
  const { guildId } = context.actor;
  const reply = async (content: string) => context.responder.reply({ content, ephemeral: true });
  switch (args.subcommand) {
    case "create":
      await reply(
        renderCreatedTierRoles(
          await createTierRoles(deps, { guildId, interactionId: context.interactionId }),
        ),
      );
      return;
    case "map":
      await reply(
        await mapTierToRole(deps, { guildId, tier: args.options.tier, roleId: args.options.role?.id }),
      );
      return;
    case "sync":
      await reply(renderTierRoleSync(await syncTierRoles(deps, guildId)));
      return;
    case "off":
      await reply(await turnOffTierRoles(deps, guildId));
      return;
  }
}

/** The tiers the bot has learned, lowest first, matching what the admin typed; each shows its ratings. */
export async function suggestTiers(
  deps: BotDependencies,
  typed: string,
): Promise<APIApplicationCommandOptionChoice[]> {
  const query = typed.trim().toLowerCase();
  const tiers = await listTiers(deps.db);
  return tiers
    .filter((tier) => tier.tier.includes(query))
    .slice(0, discordLimits.autocompleteChoices)
    .map((tier) => {
      const range =
        tier.lowestRating === null
          ? ""
          : tier.lowestRating === tier.highestRating
            ? ` (seen at ${tier.lowestRating})`
            : ` (seen at ${tier.lowestRating}–${tier.highestRating})`;
      return { name: plainLabel(`${formatTier(tier.tier)}${range}`, 100), value: tier.tier };
    });
}
