// A registration whose answer never came is retried with the endpoint kept from it (docs/architecture.md,
// "Managing the platform webhook"): the endpoint then records the kinds the retry registered, not those of
// the try that timed out, since /subscribe compares new routes with them.
import { describe, expect, it } from "vitest";
import { createPlatformHttp } from "../../../src/api/http.js";
import { registerGuildWebhook } from "../../../src/commands/setup/sub/webhook/register.js";
import { listGuildWebhookEndpoints } from "../../../src/store/webhook-endpoints.js";
import { createSubscription } from "../../../src/store/subscriptions.js";
import { eventKinds } from "../../../src/events/event-kinds.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { member, useLinkedMember } from "../support/linked-member.js";

describe.each(testDatabases().slice(0, 1))("a retried webhook registration on $name", (database) => {
  const store = useMigratedStore(database);
  const linked = useLinkedMember(store);

  it("records the kinds the retry registered on the endpoint kept from the try that timed out", async () => {
    const { platform } = linked;
    const { deps } = linked;
    // The first try gives up soon on its unanswered request; the retry has the usual time-out.
    const impatient = {
      ...deps,
      platform: createPlatformHttp({
        baseUrl: platform.baseUrl,
        webhooksBaseUrl: platform.webhooksBaseUrl,
        timeoutMs: 1000,
        clock: deps.clock,
      }),
    };
    const request = { guildId: member.guildId, credential: { token: "key_write_0123456789" } };

    // No route yet: every kind is asked for, and the platform never answers.
    platform.queueReplies({ hang: true });
    await expect(registerGuildWebhook(impatient, request)).rejects.toThrow();
    const [kept] = await listGuildWebhookEndpoints(deps.db, deps.secretBox, member.guildId, deps.clock.now());
    expect(kept).toMatchObject({ platformWebhookId: null, eventKinds: [...eventKinds] });

    await createSubscription(deps.db, {
      guildId: member.guildId,
      channelId: "300000000000000001",
      eventKinds: ["battle.completed"],
      filters: {},
      createdBy: member.userId,
      now: deps.clock.now(),
    });
    const outcome = await registerGuildWebhook(deps, request);

    expect(outcome).toMatchObject({ result: "registered", kinds: ["battle.completed"] });
    const sent = platform.requests.filter(
      ({ method, path }) => method === "POST" && path.endsWith("/webhooks"),
    );
    expect(sent.map(({ body }) => (body as { events?: unknown }).events)).toEqual([
      [...eventKinds],
      ["battle.completed"],
    ]);
    const endpoints = await listGuildWebhookEndpoints(
      deps.db,
      deps.secretBox,
      member.guildId,
      deps.clock.now(),
    );
    expect(endpoints).toHaveLength(1);
    expect(endpoints[0]).toMatchObject({ id: kept?.id, eventKinds: ["battle.completed"] });
    expect(endpoints[0]?.platformWebhookId).not.toBeNull();
  });
});
