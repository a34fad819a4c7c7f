// Links every member of a crowd to a sandbox account of its own, the way a member does it: /link → "Use an API
// key" → the modal with the key. The bot runs elsewhere (its own process), so this goes through the fake.
import type { FakeDiscord } from "../../fake-discord/index.js";
import type { Sandbox } from "../../sandbox/sandbox.js";
import type { Crowd } from "./concurrent-interactions.js";

/** Members linking at once: enough to be quick, few enough that no interaction nears Discord's 3 s. */
const concurrentLinks = 10;

/** Creates `member<n>` (rating 1500 + n − 1) with a read key for each member, then links them. */
export async function linkCrowd(discord: FakeDiscord, sandbox: Sandbox, crowd: Crowd): Promise<void> {
  const pending = [...crowd.memberIds.entries()];
  const linkNext = async () => {
    for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
      const [index, userId] = next;
      const username = `member${index + 1}`;
      sandbox.control.createUser({ username, rating: 1500 + index });
      const { key } = sandbox.control.createApiKey({ username, level: "read" });
      await linkMember(discord, crowd, userId, key);
    }
  };
  await Promise.all(Array.from({ length: concurrentLinks }, linkNext));
}

async function linkMember(discord: FakeDiscord, crowd: Crowd, userId: string, key: string): Promise<void> {
  const context = { guildId: crowd.guildId, channelId: crowd.channelId, userId };
  const prompt = await discord.runCommand({ ...context, name: "link" }).waitForFinal();
  if (prompt.components.length === 0) throw new Error(`/link gave no prompt: ${prompt.content}`);
  const press = discord.pressButton({ message: prompt, customId: "link:api-key", userId });
  await press.modal();
  const linked = await discord
    .submitModal({ from: press, customId: "link-key", fields: { key } })
    .waitForFinal();
  if (!linked.content.startsWith("Linked as")) {
    throw new Error(`member ${userId} was not linked: ${linked.content}`);
  }
}
