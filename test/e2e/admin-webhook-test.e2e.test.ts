// `/setup webhook test` when the trip breaks: each failure gets its own explanation and a next step, and
// following that step fixes it. The platform's webhook is changed behind the bot's back through the
// sandbox's own API, the way a stale secret or a wrong PUBLIC_URL happens in real life.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { InteractionHandle, StoredMessage } from "../../fake-discord/index.js";
import { listGuildWebhookEndpoints } from "../../src/store/webhook-endpoints.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";

const sending = "⏳ Sending a test `battle.completed` event through this server's webhook…";

describe("/setup webhook test, when the event does not make the trip", () => {
  let world: EndToEnd;
  let bobKey: string;
  let webhookId: string;
  let endpointUrl: string;
  let elsewhere: Server;
  let elsewhereHits = 0;

  const runTest = () =>
    world.discord.runCommand({
      guildId: world.guildId,
      channelId: world.channelId,
      userId: world.members.admin.id,
      name: "setup",
      subcommandGroup: "webhook",
      subcommand: "test",
    });
  /** The reply once the bot wrote its outcome (progress lines start with ⏳ or 📨). */
  const outcomeOf = async (handle: InteractionHandle): Promise<StoredMessage> => {
    await handle.waitForFinal();
    return vi.waitFor(
      () => {
        const message = handle.original();
        if (message === undefined || /^[⏳📨]/u.test(message.content)) throw new Error("still testing");
        return message;
      },
      { timeout: 15_000 },
    );
  };
  const changePlatformWebhook = async (changes: Record<string, string>) => {
    const response = await fetch(`${world.sandbox.url}/api/v1/webhooks/${webhookId}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${bobKey}`, "content-type": "application/json" },
      body: JSON.stringify(changes),
    });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    world = await startEndToEnd();
    bobKey = world.sandbox.keys.find((key) => key.username === "bob")?.key ?? "";
    await linkMember(world, world.members.admin.id, bobKey);
    await world.runAsAdmin("subscribe", { channel: world.channelId, events: "battle.completed" });
    await world.discord
      .runCommand({
        guildId: world.guildId,
        channelId: world.channelId,
        userId: world.members.admin.id,
        name: "setup",
        subcommandGroup: "webhook",
        subcommand: "register",
      })
      .waitForFinal();
    const [endpoint] = await listGuildWebhookEndpoints(
      world.bot.deps.db,
      world.bot.deps.secretBox,
      world.guildId,
      world.bot.deps.clock.now(),
    );
    webhookId = endpoint?.platformWebhookId ?? "";
    endpointUrl = `${world.publicUrl}/webhooks/platform/${endpoint?.id ?? ""}`;
    // Another server behind the webhook's URL: it answers 200 to anything, like an old deployment.
    elsewhere = createServer((request, response) => {
      elsewhereHits += 1;
      request.resume();
      response.writeHead(200).end("ok");
    });
    elsewhere.listen(0, "127.0.0.1");
    await once(elsewhere, "listening");
  });
  afterAll(async () => {
    elsewhere.close();
    await world.close();
  });

  it("explains a refused signature, and rotate-secret, as advised, makes the next test arrive", async () => {
    await changePlatformWebhook({ secret: "a-secret-the-bot-never-saw-0123456789" });
    const refused = await outcomeOf(runTest());
    // The platform answered that the delivery failed, so there was nothing to wait for.
    expect(refused.edits.map((revision) => revision.content)).toEqual([sending]);
    expect(refused.content).toBe(
      `❌ The platform could not deliver the test \`battle.completed\` event to <${endpointUrl}> (HTTP 401).\n` +
        "The bot refused the signature: the platform signs with a secret the bot does not hold. Run " +
        "`/setup webhook rotate-secret` to set a new one on both sides.\nThen see `/setup webhook deliveries`.",
    );

    await world.discord
      .runCommand({
        guildId: world.guildId,
        channelId: world.channelId,
        userId: world.members.admin.id,
        name: "setup",
        subcommandGroup: "webhook",
        subcommand: "rotate-secret",
      })
      .waitForFinal();
    const fixed = await outcomeOf(runTest());
    expect(fixed.content).toMatch(/^✅ The test `battle.completed` event arrived in \d+\.\d s/);
  });

  it("notices when the platform's 200 came from another server than this bot", async () => {
    const address = elsewhere.address() as AddressInfo;
    await changePlatformWebhook({ url: `http://127.0.0.1:${address.port}/webhooks/platform/x` });
    const hitsBefore = elsewhereHits;
    const handle = runTest();
    const outcome = await outcomeOf(handle);
    expect(elsewhereHits).toBe(hitsBefore + 1);
    expect(outcome.edits.map((revision) => revision.content)).toEqual([
      sending,
      `📨 The platform accepted the test \`battle.completed\` event.\n⏳ Waiting up to 10.0 s for it to arrive at <${endpointUrl}>…`,
    ]);
    expect(outcome.content).toMatch(
      /^⚠️ The platform delivered the test `battle.completed` event \(HTTP 200\), but not to this bot: something else answers where the platform sent it\. Check that PUBLIC_URL is this bot.s address \(an old deployment or a proxy may be answering at </u,
    );
    expect(outcome.content).toContain("run `/setup webhook register` again");
    await changePlatformWebhook({ url: endpointUrl });
  });
});
