// The bot records a battle card just after its message is posted (src/store/battle-cards.ts), and its thread
// just after Discord made it: a test waits for the record rather than reading it once.
import { findBattleCard, type BattleCard } from "../../../src/store/battle-cards.js";
import type { EndToEnd } from "../harness.js";
import { waitUntil } from "./wait-until.js";

/** The card of `battleId` in the test's guild once it is recorded and `accept`s; fails after 15 s. */
export async function waitForSavedCard(
  world: EndToEnd,
  battleId: string,
  accept: (card: BattleCard) => boolean = () => true,
  what = "the battle card to be recorded",
): Promise<BattleCard> {
  let saved: BattleCard | undefined;
  await waitUntil(
    async () => {
      saved = await findBattleCard(world.bot.deps.db, { battleId, guildId: world.guildId });
      return saved !== undefined && accept(saved);
    },
    { timeoutMs: 15_000, what },
  );
  if (saved === undefined) throw new Error(`${what}: no card`);
  return saved;
}
