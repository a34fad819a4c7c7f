import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FakeUser, StoredMessage } from "../../fake-discord/index.js";
import { findGuildSettings } from "../../src/store/guild-settings.js";
import { listRecentInboxEvents } from "../../src/store/inbox.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { ephemeral } from "./support/message-parts.js";
import { guildEndpoints, onlyGuildEndpoint } from "./support/guild-endpoints.js";
import { keyOf } from "./support/sandbox-keys.js";

describe("/setup, end to end", () => {
  let world: EndToEnd;
  let results: string;
  let secondAdmin: FakeUser;
  const at = () => ({ guildId: world.guildId, channelId: world.channelId });
  const setup = (
    subcommand: string,
    options: Record<string, string | boolean> = {},
    userId = world.members.admin.id,
  ) =>
    world.discord.runCommand({
      ...at(),
      userId,
      name: "setup",
      ...(["register", "test", "deliveries", "rotate-secret"].includes(subcommand)
        ? { subcommandGroup: "webhook" }
        : {}),
      subcommand,
      options,
    });
  const platformWebhooks = () => [...world.sandbox.state.webhooks.values()];
  const platformUserId = (username: string) =>
    [...world.sandbox.state.users.values()].find((user) => user.username === username)?.id;
  const everythingShown = (message: StoredMessage) => JSON.stringify([message.content, message.embeds]);
  /** `/setup webhook test`'s answer once its progress lines ("⏳ Sending…", "📨 … accepted") are replaced. */
  const testResult = async (handle: ReturnType<typeof setup>) => {
    await handle.waitForFinal();
    const shown = () => {
      const message = handle.original();
      if (message === undefined || /^(⏳|📨)/u.test(message.content)) throw new Error("no result yet");
      return message;
    };
    return vi.waitFor(shown, { timeout: 15_000 });
  };

  beforeAll(async () => {
    world = await startEndToEnd();
    results = world.discord.createChannel(world.guildId, { name: "results" }).id;
    secondAdmin = world.discord.createMember(world.guildId, {
      username: "admin2",
      permissions: ["ManageGuild"],
    });
    await world.discord
      .runCommand({
        ...at(),
        userId: world.members.admin.id,
        name: "subscribe",
        options: { channel: results, events: "battle.completed, user.rating_changed" },
      })
      .waitForFinal();
  });
  afterAll(async () => {
    await world.close();
  });

  it("asks an admin who has not linked an account to link before registering", async () => {
    const reply = await setup("register", {}, secondAdmin.id).waitForFinal();
    expect(reply.flags & ephemeral).toBe(ephemeral);
    expect(reply.content).toMatch(/haven't linked a platform account/);
    expect(await guildEndpoints(world)).toEqual([]);
    expect(platformWebhooks()).toEqual([]);
  });

  it("registers the webhook with the admin's account, the endpoint URL, a secret and the subscribed kinds", async () => {
    await linkMember(world, world.members.admin.id, keyOf(world, "bob"));
    const reply = await setup("register").waitForFinal();
    const endpoint = await onlyGuildEndpoint(world);
    const [webhook, ...others] = platformWebhooks();
    expect(others).toEqual([]);
    expect(webhook).toMatchObject({
      id: endpoint.platformWebhookId,
      ownerId: platformUserId("bob"),
      url: `${world.publicUrl}/webhooks/platform/${endpoint.id}`,
      events: ["battle.completed", "user.rating_changed"],
      active: true,
      secret: endpoint.secret,
    });
    expect(endpoint.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reply.flags & ephemeral).toBe(ephemeral);
    expect(reply.content).toContain(
      `Registered the platform webhook \`${webhook?.id ?? ""}\` with your platform account **bob**.`,
    );
    expect(reply.content).toContain("It sends **Battle results, Rating changes**");
    expect(everythingShown(reply)).not.toContain(endpoint.secret);
    expect(world.logs()).not.toContain(endpoint.secret);
  });

  it("run again, adds the kinds subscribed since to the same webhook", async () => {
    await world.discord
      .runCommand({
        ...at(),
        userId: world.members.admin.id,
        name: "subscribe",
        options: { channel: results, events: "team.created" },
      })
      .waitForFinal();
    const reply = await setup("register").waitForFinal();
    const endpoint = await onlyGuildEndpoint(world);
    expect(reply.content).toMatch(/^Updated the platform webhook `/);
    expect(platformWebhooks()).toHaveLength(1);
    expect(platformWebhooks()[0]?.events).toEqual([
      "battle.completed",
      "user.rating_changed",
      "team.created",
    ]);
    expect(platformWebhooks()[0]?.url).toBe(`${world.publicUrl}/webhooks/platform/${endpoint.id}`);
    expect(endpoint.eventKinds).toEqual(["battle.completed", "user.rating_changed", "team.created"]);
  });

  it("says a switched-off webhook takes no test event, and run again turns it back on", async () => {
    const endpoint = await onlyGuildEndpoint(world);
    const webhook = `${world.sandbox.url}/api/v1/webhooks/${endpoint.platformWebhookId ?? ""}`;
    const switchedOff = await fetch(webhook, {
      method: "PATCH",
      headers: { authorization: `Bearer ${keyOf(world, "bob")}`, "content-type": "application/json" },
      body: JSON.stringify({ active: false }),
    });
    expect(switchedOff.status).toBe(200);
    expect(platformWebhooks()[0]?.active).toBe(false);
    // The refusal replaces the deferred reply's "⏳ Sending…".
    const test = await testResult(setup("test"));
    expect(test.content).toContain(
      `The platform refused to send a test event to webhook \`${endpoint.platformWebhookId ?? ""}\`: it may be ` +
        "switched off there. `/setup webhook register` turns it back on.",
    );

    const reply = await setup("register").waitForFinal();
    expect(reply.content).toMatch(/^Updated the platform webhook `/);
    expect(platformWebhooks()).toHaveLength(1);
    expect(platformWebhooks()[0]?.active).toBe(true);
  });

  it("sends a test event, showing each step, and follows it into the bot's inbox", async () => {
    const endpoint = await onlyGuildEndpoint(world);
    // The deferred reply is edited as it goes: sending, waiting for the event, then where it went.
    const final = await testResult(setup("test"));
    const url = `${world.publicUrl}/webhooks/platform/${endpoint.id}`;
    expect(final.flags & ephemeral).toBe(ephemeral);
    expect(final.edits.map((revision) => revision.content)).toEqual([
      "⏳ Sending a test `battle.completed` event through this server's webhook…",
      `📨 The platform accepted the test \`battle.completed\` event.\n⏳ Waiting up to 10.0 s for it to arrive at <${url}>…`,
    ]);
    const deliveries = [...world.sandbox.state.deliveries.values()].filter(
      (delivery) => delivery.webhookId === endpoint.platformWebhookId,
    );
    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    expect(delivery?.event.kind).toBe("battle.completed");
    expect(delivery?.deliveredAt).not.toBeNull();
    expect(final.content).toMatch(
      /^✅ The test `battle.completed` event arrived in \d+\.\d s: the bot verified its signature and stored it <t:\d+:R>\.$/,
    );
    const received = await listRecentInboxEvents(world.bot.deps.db, { limit: 5, source: endpoint.id });
    expect(received.map((event) => event.eventId)).toContain(delivery?.event.id);
  });

  it("says what it fetches, then shows the recent and failed deliveries compactly", async () => {
    const handle = setup("deliveries");
    await handle.waitForFinal();
    const reply = await vi.waitFor(
      () => {
        const message = handle.original();
        if (message === undefined || message.embeds.length === 0) throw new Error("still fetching");
        return message;
      },
      { timeout: 15_000 },
    );
    expect(reply.edits.map((revision) => revision.content)).toEqual([
      expect.stringMatching(
        /^⏳ Fetching the recent and failed deliveries of webhook `wh_\w+` from the platform…$/,
      ),
    ]);
    expect(reply.content).toBe("");
    const [test] = [...world.sandbox.state.deliveries.values()];
    const [recent, failed] = reply.embeds[0]?.fields ?? [];
    expect(reply.embeds[0]?.title).toMatch(/^Deliveries of webhook wh\\_/);
    expect(recent?.name).toBe("Recent (1)");
    expect(recent?.value).toContain(`\`${test?.event.id ?? ""}\``);
    expect(recent?.value).toMatch(/· 1 attempt · \d+ ms · <t:\d+:R> ·/);
    expect(failed?.name).toBe(test?.deliveredAt === null ? "Failed (1)" : "Failed (0)");
  });

  it("tells another admin that only the registering account can manage the webhook", async () => {
    await linkMember(world, secondAdmin.id, keyOf(world, "carol"));
    const handle = setup("deliveries", {}, secondAdmin.id);
    await handle.waitForFinal();
    // The progress line is replaced by the refusal, not left behind with the refusal in a follow-up.
    const reply = await vi.waitFor(
      () => {
        const message = handle.original();
        if (message === undefined || message.content.startsWith("⏳")) throw new Error("still fetching");
        return message;
      },
      { timeout: 15_000 },
    );
    expect(handle.followUps()).toEqual([]);
    expect(reply.flags & ephemeral).toBe(ephemeral);
    expect(reply.content).toMatch(/no webhook `wh_[^`]+` for your linked account \(\*\*carol\*\*\)/);
    // Deleted on the platform reads the same: both causes and both ways out are named.
    expect(reply.content).toContain("or it was deleted on the platform");
    expect(reply.content).toContain("run `/setup webhook register` to register a new one with your account");
  });

  it("rotates the secret on both sides, keeping the old one for an hour, and never shows either", async () => {
    const before = await onlyGuildEndpoint(world);
    const reply = await setup("rotate-secret").waitForFinal();
    const after = await onlyGuildEndpoint(world);
    expect(after.secret).not.toBe(before.secret);
    expect(after.retiredSecrets.map((retired) => retired.secret)).toEqual([before.secret]);
    expect(after.retiredSecrets[0]?.retiredAt).toBeGreaterThan(Date.now() - 60_000);
    expect(after.retiredSecrets[0]?.retiredAt).toBeLessThanOrEqual(Date.now());
    expect(platformWebhooks()[0]?.secret).toBe(after.secret);
    expect(reply.content).toMatch(/^Rotated the signing secret of webhook `wh_/);
    for (const secret of [before.secret, after.secret]) {
      expect(everythingShown(reply)).not.toContain(secret);
      expect(world.logs()).not.toContain(secret);
    }
  });

  it("sets the admin channel for pause notices, and shows it in the status", async () => {
    const set = await setup("admin-channel", { channel: world.channelId }).waitForFinal();
    expect(set.content).toBe(
      `The bot will tell admins in <#${world.channelId}> when it has to pause a channel's announcements.`,
    );
    expect((await findGuildSettings(world.bot.deps.db, world.guildId))?.adminChannelId).toBe(world.channelId);

    const status = await setup("status").waitForFinal();
    const fields = Object.fromEntries(
      (status.embeds[0]?.fields ?? []).map((field) => [field.name, field.value]),
    );
    expect(status.flags & ephemeral).toBe(ephemeral);
    expect(fields["Linked members"]).toBe("2 active · 0 need re-linking");
    expect(fields["Platform webhook"]).toMatch(/^🟢 `wh_[^`]+` · registered <t:\d+:R> · secret rotated/);
    expect(fields.Subscriptions).toBe("1 active");
    // The test event arrived and was stored (the reply above said so), so it is the last one received.
    expect(fields["Last events received"]).toMatch(
      /^`battle.completed` · 🧪 test · \w+ · <t:\d+:R> · this server's webhook/u,
    );
    expect(fields["Announcement queue"]).toMatch(/^\d+ waiting to be posted$/);
    expect(fields["Admin channel"]).toBe(`<#${world.channelId}>`);

    const cleared = await setup("admin-channel", { clear: true }).waitForFinal();
    expect(cleared.content).toMatch(/^Admin notices are off/);
    expect((await findGuildSettings(world.bot.deps.db, world.guildId))?.adminChannelId).toBeNull();
  });

  it("lets another admin take over with a new webhook under their own account, same URL, new secret", async () => {
    const old = await onlyGuildEndpoint(world);
    const reply = await setup("register", {}, secondAdmin.id).waitForFinal();
    const replacement = await onlyGuildEndpoint(world);
    expect(replacement.id).toBe(old.id);
    expect(replacement.platformWebhookId).not.toBe(old.platformWebhookId);
    expect(replacement.secret).not.toBe(old.secret);
    expect(replacement.retiredSecrets[0]?.secret).toBe(old.secret);
    expect(reply.content).toContain(
      `The platform could not update webhook \`${old.platformWebhookId ?? ""}\` in place, so a new one, ` +
        `\`${replacement.platformWebhookId ?? ""}\`, was registered with your platform account **carol**.`,
    );
    const webhook = platformWebhooks().find((item) => item.id === replacement.platformWebhookId);
    expect(webhook).toMatchObject({
      ownerId: platformUserId("carol"),
      url: `${world.publicUrl}/webhooks/platform/${old.id}`,
      events: ["battle.completed", "user.rating_changed", "team.created"],
      secret: replacement.secret,
    });
  });

  it("refuses a member without Manage Server at run time", async () => {
    const reply = await world.discord
      .runCommand({
        ...at(),
        userId: world.members.alice.id,
        name: "setup",
        subcommand: "status",
        bypassCommandPermissions: true,
      })
      .waitForFinal();
    expect(reply.content).toBe("You need the Manage Server permission to use /setup.");
  });
});
