// A registration the platform answered with a server error may have made the webhook before it failed
// (docs/architecture.md, "Managing the platform webhook"), so the endpoint and its secret are kept for the next
// run to register with, as after a time-out; a refusal (4xx) means no webhook exists, and the endpoint goes.
import { describe, expect, it } from "vitest";
import { registerGuildWebhook } from "../../../src/commands/setup/sub/webhook/register.js";
import { listGuildWebhookEndpoints } from "../../../src/store/webhook-endpoints.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { member, useLinkedMember } from "../support/linked-member.js";

describe.each(testDatabases().slice(0, 1))("a webhook registration that failed on $name", (database) => {
  const store = useMigratedStore(database);
  const linked = useLinkedMember(store);
  const request = { guildId: member.guildId, credential: { token: "key_write_0123456789" } };

  it("keeps the endpoint and its secret after a 5xx, and registers with that secret on the next run", async () => {
    const { platform, deps } = linked;
    platform.queueReplies({ status: 503, body: { error: { code: "UNAVAILABLE", message: "try later" } } });
    await expect(registerGuildWebhook(deps, request)).rejects.toMatchObject({ status: 503 });
    const [kept] = await listGuildWebhookEndpoints(deps.db, deps.secretBox, member.guildId, deps.clock.now());
    expect(kept).toMatchObject({ platformWebhookId: null });

    const outcome = await registerGuildWebhook(deps, request);
    expect(outcome).toMatchObject({ result: "registered" });
    const sent = platform.requests.filter(
      ({ method, path }) => method === "POST" && path.endsWith("/webhooks"),
    );
    const secrets = sent.map(({ body }) => (body as { secret?: unknown }).secret);
    expect(secrets).toHaveLength(2);
    expect(secrets[1]).toBe(secrets[0]);
    expect(secrets[0]).toBe(kept?.secret);
    const endpoints = await listGuildWebhookEndpoints(
      deps.db,
      deps.secretBox,
      member.guildId,
      deps.clock.now(),
    );
    expect(endpoints.map(({ id }) => id)).toEqual([kept?.id]);
  });

  it("forgets the endpoint the platform refused with a 4xx", async () => {
    const { platform, deps } = linked;
    platform.queueReplies({ status: 422, body: { error: { code: "INVALID_URL", message: "bad url" } } });
    await expect(registerGuildWebhook(deps, request)).rejects.toMatchObject({ status: 422 });
    expect(
      await listGuildWebhookEndpoints(deps.db, deps.secretBox, member.guildId, deps.clock.now()),
    ).toEqual([]);
  });
});
