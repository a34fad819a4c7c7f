// The tier choices of `/setup roles map tier:` (docs/architecture.md, "Tier roles").
import type { APIApplicationCommandOptionChoice } from "discord-api-types/v10";
import type { BotDependencies } from "../bot-dependencies.js";
import { discordLimits } from "../../discord/discord-limits.js";
import { plainLabel } from "../../display/platform-text.js";
import { formatTier } from "../../display/tier.js";
import { listTiers } from "../../store/tiers.js";

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
