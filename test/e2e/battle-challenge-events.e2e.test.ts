// An accepted challenge is the battle's card from then on (docs/architecture.md, "Commands"), edited as the
// platform's events arrive: those edits keep both players the accept seated. The platform sends
// `battle.started` at the first join, naming the opponent alone, before the challenger is seated; were the
// seats the accept made not kept with the battle, the next edit folded that event alone and showed one seat
// taken, the challenger gone and Join open again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredMessage } from "../../fake-discord/index.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { buttonLabelled, field } from "./support/message-parts.js";
import { operatorSecret, registerOperatorWebhook } from "./support/operator-webhook.js";
import { waitForSavedCard } from "./support/saved-battle-card.js";
import { keyOf } from "./support/sandbox-keys.js";

describe("an accepted challenge's card as the battle's events arrive, end to end", () => {
  let world: EndToEnd;

  beforeAll(async () => {
    world = await startEndToEnd({ env: { PLATFORM_WEBHOOK_SECRET: operatorSecret } });
    await linkMember(world, world.members.alice.id, keyOf(world, "alice"));
    await linkMember(world, world.members.bob.id, keyOf(world, "bob"));
    await registerOperatorWebhook(world, keyOf(world, "alice"), [
      "battle.started",
      "battle.submission",
      "battle.completed",
    ]);
  });
  afterAll(async () => {
    await world.close();
  });

  it("keeps both players seated when a submission edits the card", async () => {
    const { alice, bob } = world.members;
    const challenge = await world.discord
      .runCommand({
        guildId: world.guildId,
        channelId: world.channelId,
        userId: alice.id,
        name: "battle",
        subcommand: "challenge",
        options: { member: bob.id, difficulty: "easy" },
      })
      .waitForFollowUp();
    const accept = buttonOf(challenge, "battle:accept:");
    const accepted = await world.discord
      .pressButton({ message: challenge, customId: accept, userId: bob.id })
      .waitForFinal();
    const battleId = accept.split(":").at(-1) ?? "";
    expect(field(accepted, "Players")).toMatch(/^\*\*2\/2\*\* seats taken\n/);
    await waitForSavedCard(world, battleId);

    const submitted = await fetch(`${world.sandbox.url}/v1/battles/${battleId}/submit`, {
      method: "POST",
      headers: { authorization: `Bearer ${keyOf(world, "bob")}`, "content-type": "application/json" },
      body: JSON.stringify({ language: "python", code: "PASS" }),
    });
    expect(submitted.status).toBeLessThan(300);
    // The submission's edit: bob's points on the card.
    const card = await world.discord.waitForMessage(
      world.channelId,
      (candidate) => candidate.id === challenge.id && (field(candidate, "Players") ?? "").includes(" pts"),
    );
    const players = field(card, "Players") ?? "";
    expect(players).toMatch(/^\*\*2\/2\*\* seats taken\n/);
    expect(players).toContain(`<@${alice.id}>`);
    expect(players).toContain(`<@${bob.id}>`);
    expect(buttonLabelled(card, "Join").disabled).toBe(true);
  });
});

function buttonOf(message: StoredMessage, prefix: string): string {
  const ids = (message.components as { components: { custom_id: string }[] }[]).flatMap((row) =>
    row.components.map((button) => button.custom_id),
  );
  const found = ids.find((id) => id.startsWith(prefix));
  if (found === undefined) throw new Error(`no button ${prefix}… on the challenge`);
  return found;
}
