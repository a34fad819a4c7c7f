// docs/architecture.md, "Managing the platform webhook": `/setup webhook register` and `rotate-secret` change
// a server's webhook one run at a time, on one instance or several (the lease is in the database). A second
// run while the first waits on the platform is told so and sends nothing: before, two registers each made a
// webhook, and the server received every event twice from then on.
import { REST } from "@discordjs/rest";
import { describe, expect, it } from "vitest";
import type { SubcommandContext } from "../../../../../src/commands/setup/setup-arguments.js";
import { runWebhookRegister } from "../../../../../src/commands/setup/sub/webhook/register.js";
import { runWebhookRotateSecret } from "../../../../../src/commands/setup/sub/webhook/rotate-secret.js";
import { InteractionResponder, type Reply } from "../../../../../src/discord/interaction-responder.js";
import { UserFacingError } from "../../../../../src/discord/user-facing-error.js";
import { listGuildWebhookEndpoints } from "../../../../../src/store/webhook-endpoints.js";
import { testDatabases, useMigratedStore } from "../../../../store/databases.js";
import { actor, member, useLinkedMember } from "../../../support/linked-member.js";

describe.each(testDatabases())("one change of a server's webhook at a time on $name", (database) => {
  const store = useMigratedStore(database);
  const linked = useLinkedMember(store);

  function context(replies: Reply[]): SubcommandContext {
    const responder = new InteractionResponder(
      new REST(),
      { id: "400000000000000004", token: "token", application_id: "500000000000000005" },
      () => Promise.resolve(),
    );
    responder.reply = (reply: Reply) => {
      replies.push(reply);
      return Promise.resolve();
    };
    return { actor, responder, interactionId: "400000000000000004" };
  }

  const registrations = () =>
    linked.platform.requests.filter(({ method, path }) => method === "POST" && path === "/api/v1/webhooks");

  it("refuses a second register and a rotation while the first register waits, then lets the next run", async () => {
    const sentBefore = linked.platform.requests.length;
    let answer!: () => void;
    linked.platform.queueReplies({
      example: true,
      after: new Promise<void>((resolve) => (answer = resolve)),
    });
    const firstReplies: Reply[] = [];
    const first = runWebhookRegister(linked.deps, context(firstReplies));
    try {
      await expect.poll(() => registrations().length).toBe(1);
      for (const run of [runWebhookRegister, runWebhookRotateSecret]) {
        const refused = await run(linked.deps, context([])).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(refused).toBeInstanceOf(UserFacingError);
        expect(refused).toMatchObject({ code: "webhook_change_running" });
        expect((refused as Error).message).toMatch(/still running \(it started <t:\d+:R>\)\. Run this again/);
      }
      // Neither sent anything: still the first register's one request.
      const sent = linked.platform.requests.slice(sentBefore).map(({ method, path }) => `${method} ${path}`);
      expect(sent).toEqual(["POST /api/v1/webhooks"]);
    } finally {
      answer();
      await first;
    }
    expect(firstReplies[0]?.content).toContain("Registered the platform webhook");
    const endpoints = await listGuildWebhookEndpoints(
      linked.deps.db,
      linked.deps.secretBox,
      member.guildId,
      linked.deps.clock.now(),
    );
    expect(endpoints).toHaveLength(1);
    expect(await store.db.selectFrom("webhook_change_leases").selectAll().execute()).toEqual([]);

    // Given back: the next rotation goes ahead (the fixture cannot update in place, so it registers anew).
    const nextReplies: Reply[] = [];
    await runWebhookRotateSecret(linked.deps, context(nextReplies));
    expect(nextReplies).toHaveLength(1);
    expect(registrations()).toHaveLength(2);
  });

  it("gives the lease back when the run fails", async () => {
    linked.platform.queueReplies({
      status: 400,
      body: { error: { code: "VALIDATION_ERROR", message: "url is not reachable", requestId: "req_bad" } },
    });
    await expect(runWebhookRegister(linked.deps, context([]))).rejects.toThrow();
    expect(await store.db.selectFrom("webhook_change_leases").selectAll().execute()).toEqual([]);
    const replies: Reply[] = [];
    await runWebhookRegister(linked.deps, context(replies));
    expect(replies[0]?.content).toContain("Registered the platform webhook");
  });
});
