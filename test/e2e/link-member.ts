// Links a fake Discord member to a sandbox account the way a member would: /link → "Use an API key" →
// the modal with the key. Shared by the e2e tests of commands that need a linked member.
import type { EndToEnd } from "./harness.js";

/** Links `userId` in the harness guild with `apiKey`; resolves with the bot's confirmation text. */
export async function linkMember(world: EndToEnd, userId: string, apiKey: string): Promise<string> {
  const prompt = await world.discord
    .runCommand({ guildId: world.guildId, channelId: world.channelId, userId, name: "link" })
    .waitForFinal();
  const press = world.discord.pressButton({ message: prompt, customId: "link:api-key", userId });
  await press.modal();
  const linked = await world.discord
    .submitModal({ from: press, customId: "link-key", fields: { key: apiKey } })
    .waitForFinal();
  if (!linked.content.startsWith("Linked as")) throw new Error(`linking failed: ${linked.content}`);
  return linked.content;
}
