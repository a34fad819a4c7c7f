// `/setup webhook rotate-secret` and `register` on a platform that cannot update a webhook in place: the
// sandbox answers PATCH with 404 or 405, as a platform without that operation would (the platform's API
// reference shows none). The bot registers a new webhook at the same URL with a new secret and keeps
// accepting the old secret while the old webhook's retries may still come (docs/architecture.md, "Managing
// the platform webhook").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRecentInboxEvents } from "../../src/store/inbox.js";
import type { WebhookEndpoint } from "../../src/store/webhook-endpoints.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { onlyGuildEndpoint } from "./support/guild-endpoints.js";
import { linkMember } from "./link-member.js";

const hour = 3_600_000;

describe.each(["404", "405"] as const)("when the platform answers PATCH with %s", (answer) => {
  let world: EndToEnd;
  let bobKey: string;
  /** The platform webhook the first registration made, which the bot cannot change or delete. */
  let firstWebhookId: string;

  const setup = (subcommand: string) =>
    world.discord.runCommand({
      guildId: world.guildId,
      channelId: world.channelId,
      userId: world.members.admin.id,
      name: "setup",
      subcommandGroup: "webhook",
      subcommand,
    });
  const subscribe = (events: string) => world.runAsAdmin("subscribe", { channel: world.channelId, events });
  const onlyEndpoint = async (): Promise<WebhookEndpoint & { platformWebhookId: string }> => {
    const endpoint = await onlyGuildEndpoint(world);
    const { platformWebhookId } = endpoint;
    if (platformWebhookId == null) throw new Error("no registered endpoint");
    return { ...endpoint, platformWebhookId };
  };
  const platformWebhook = (id: string) => world.sandbox.state.webhooks.get(id);
  const bobId = () => [...world.sandbox.state.users.values()].find((user) => user.username === "bob")?.id;
  const acceptedUntil = (endpoint: WebhookEndpoint) =>
    Math.floor(((endpoint.retiredSecrets[0]?.retiredAt ?? Number.NaN) + hour) / 1000);

  beforeAll(async () => {
    world = await startEndToEnd();
    bobKey = world.sandbox.keys.find((key) => key.username === "bob")?.key ?? "";
    await linkMember(world, world.members.admin.id, bobKey);
    await subscribe("battle.completed");
    await setup("register").waitForFinal();
    firstWebhookId = (await onlyEndpoint()).platformWebhookId;
    world.sandbox.control.setWebhookPatch(answer);
  });
  afterAll(async () => {
    await world.close();
  });

  it("rotating registers a new webhook at the same URL with the new secret, and says what happened", async () => {
    const before = await onlyEndpoint();
    const reply = await setup("rotate-secret").waitForFinal();
    const after = await onlyEndpoint();
    const url = `${world.publicUrl}/webhooks/platform/${before.id}`;

    expect(after.id).toBe(before.id);
    expect(after.platformWebhookId).not.toBe(firstWebhookId);
    expect(after.secret).not.toBe(before.secret);
    expect(after.retiredSecrets.map((retired) => retired.secret)).toEqual([before.secret]);
    // The old webhook is left as it was (the reference shows no way to delete one): it still signs with
    // the old secret.
    expect(platformWebhook(firstWebhookId)).toMatchObject({ url, secret: before.secret, active: true });
    expect(platformWebhook(after.platformWebhookId)).toMatchObject({
      ownerId: bobId(),
      url,
      events: ["battle.completed"],
      secret: after.secret,
      active: true,
    });
    expect(reply.content).toBe(
      [
        `The platform could not update webhook \`${firstWebhookId}\` in place, so a new one, ` +
          `\`${after.platformWebhookId}\`, was registered with your platform account **bob**.`,
        `The old secret is still accepted for 1h, until <t:${acceptedUntil(after)}:f>, so deliveries the ` +
          "platform is still retrying arrive.",
        `The bot cannot delete \`${firstWebhookId}\` (the platform offers no way to): if it keeps sending, ` +
          "delete it in the platform with the account that registered it.",
        "Check the new one with `/setup webhook test`.",
      ].join("\n"),
    );
    for (const secret of [before.secret, after.secret]) {
      expect(JSON.stringify([reply.content, reply.embeds])).not.toContain(secret);
      expect(world.logs()).not.toContain(secret);
    }
  });

  it("accepts what the old webhook still signs with the old secret, and what the new one signs", async () => {
    const endpoint = await onlyEndpoint();
    // The old webhook signs with a secret that is no longer the endpoint's current one, but retired.
    const oldSecret = platformWebhook(firstWebhookId)?.secret;
    expect(oldSecret).not.toBe(endpoint.secret);
    expect(endpoint.retiredSecrets.map((retired) => retired.secret)).toEqual([oldSecret]);
    expect(platformWebhook(endpoint.platformWebhookId)?.secret).toBe(endpoint.secret);
    for (const webhookId of [firstWebhookId, endpoint.platformWebhookId]) {
      const response = await fetch(`${world.sandbox.url}/api/v1/webhooks/test`, {
        method: "POST",
        headers: { authorization: `Bearer ${bobKey}`, "content-type": "application/json" },
        body: JSON.stringify({ webhook_id: webhookId, event: "battle.completed" }),
      });
      const sent = (await response.json()) as { success: boolean; delivery_id: string };
      const delivery = world.sandbox.state.deliveries.get(sent.delivery_id);
      expect(delivery?.webhookId).toBe(webhookId);
      expect(delivery?.attempts.map((attempt) => attempt.responseCode)).toEqual([200]);
      expect(sent.success).toBe(true);
      const received = await listRecentInboxEvents(world.bot.deps.db, { limit: 10, source: endpoint.id });
      expect(received.map((event) => event.eventId)).toContain(delivery?.event.id);
    }
  });

  it("registering again falls back the same way, with every kind the server needs", async () => {
    await subscribe("team.created");
    const before = await onlyEndpoint();
    const reply = await setup("register").waitForFinal();
    const after = await onlyEndpoint();
    const url = `${world.publicUrl}/webhooks/platform/${before.id}`;

    expect(after.id).toBe(before.id);
    expect(after.platformWebhookId).not.toBe(before.platformWebhookId);
    expect(after.retiredSecrets.map((retired) => retired.secret)).toContain(before.secret);
    expect(after.eventKinds).toEqual(["battle.completed", "team.created"]);
    expect(platformWebhook(after.platformWebhookId)).toMatchObject({
      url,
      events: ["battle.completed", "team.created"],
      secret: after.secret,
    });
    expect(platformWebhook(before.platformWebhookId)).toMatchObject({ secret: before.secret });
    expect(reply.content).toContain(
      `The platform could not update webhook \`${before.platformWebhookId}\` in place, so a new one, ` +
        `\`${after.platformWebhookId}\`, was registered with your platform account **bob**.`,
    );
    expect(reply.content).toContain(
      `The old secret is still accepted for 1h, until <t:${acceptedUntil(after)}:f>`,
    );
    expect(reply.content).toContain(`It sends **Battle results, Teams created** to <${url}>`);
  });
});
