// Links a fake Discord member to a sandbox account the way a member would: /link → "Use an API key" →
// the modal with the key. Shared by the e2e tests of commands that need a linked member.
import type { EndToEnd } from "./harness.js";

/**
 * Links `userId` with `apiKey` in `place` (the harness guild and its channel unless given); resolves with the
 * bot's confirmation text.
 */
export async function linkMember(
  world: EndToEnd,
  userId: string,
  apiKey: string,
  place: { readonly guildId: string; readonly channelId: string } = world,
): Promise<string> {
  const prompt = await world.discord
    .runCommand({ guildId: place.guildId, channelId: place.channelId, userId, name: "link" })
    .waitForFinal();
  const press = world.discord.pressButton({ message: prompt, customId: "link:api-key", userId });
  await press.modal();
  const linked = await world.discord
    .submitModal({ from: press, customId: "link-key", fields: { key: apiKey } })
    .waitForFinal();
  if (!linked.content.startsWith("Linked as")) throw new Error(`linking failed: ${linked.content}`);
  return linked.content;
}
