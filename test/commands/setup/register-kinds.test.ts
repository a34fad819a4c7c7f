// What a server's own webhook asks the platform for (docs/architecture.md, "Webhooks in"): rating changes
// while tier roles are on, whatever its routes take, since the roles follow them; and the admin who turns
// roles on is told when the webhook they have does not send them.
import { describe, expect, it } from "vitest";
import { registerGuildWebhook } from "../../../src/commands/setup/sub/webhook/register.js";
import { describeTierRoleFeedGap } from "../../../src/commands/setup/tier-role-feed.js";
import { chooseWebhookKinds } from "../../../src/commands/setup/webhook-kinds.js";
import { eventKinds } from "../../../src/events/event-kinds.js";
import { saveRoleSyncMode } from "../../../src/store/guild-role-settings.js";
import { createSubscription, type Subscription } from "../../../src/store/subscriptions.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { member, useLinkedMember } from "../support/linked-member.js";

describe("the kinds of a server's webhook", () => {
  it("adds rating changes while tier roles are on, and asks for every kind while no route is made", () => {
    const route = (kinds: Subscription["eventKinds"]) => ({ eventKinds: kinds }) as Subscription;
    const starts = [route(["system.tournament_started"])];
    expect(chooseWebhookKinds(starts)).toEqual(["system.tournament_started"]);
    expect(chooseWebhookKinds(starts, { tierRoles: true })).toEqual([
      "user.rating_changed",
      "system.tournament_started",
    ]);
    expect(chooseWebhookKinds([], { tierRoles: true })).toEqual([...eventKinds]);
  });
});

describe.each(testDatabases().slice(0, 1))("tier roles and the server's webhook on $name", (database) => {
  const store = useMigratedStore(database);
  const linked = useLinkedMember(store);
  // The linked member's settings name the platform and PUBLIC_URL already.
  const depsOf = () => linked.deps;
  const request = { guildId: member.guildId, credential: { token: "key_write_0123456789" } };
  const routeStarts = (deps: ReturnType<typeof depsOf>) =>
    createSubscription(deps.db, {
      guildId: member.guildId,
      channelId: "300000000000000001",
      eventKinds: ["system.tournament_started"],
      filters: {},
      createdBy: member.userId,
      now: deps.clock.now(),
    });

  it("registers rating changes for a server whose roles are on though no route takes them", async () => {
    const deps = depsOf();
    await routeStarts(deps);
    await saveRoleSyncMode(deps.db, { guildId: member.guildId, mode: "create", now: deps.clock.now() });
    expect(await registerGuildWebhook(deps, request)).toMatchObject({
      result: "registered",
      kinds: ["user.rating_changed", "system.tournament_started"],
    });
  });

  it("tells the admin turning roles on when the server's webhook sends no rating changes, and not once it does", async () => {
    const deps = depsOf();
    expect(await describeTierRoleFeedGap(deps, member.guildId)).toBe(
      "⚠️ Tier roles follow rating changes as they arrive. No platform webhook feeds this server yet: " +
        "run `/setup webhook register` so events arrive.",
    );
    await routeStarts(deps);
    await registerGuildWebhook(deps, request);
    expect(await describeTierRoleFeedGap(deps, member.guildId)).toBe(
      "⚠️ Tier roles follow rating changes as they arrive. This server's platform webhook was registered " +
        "without Rating changes: run `/setup webhook register` again to add them.",
    );
    await saveRoleSyncMode(deps.db, { guildId: member.guildId, mode: "map", now: deps.clock.now() });
    await registerGuildWebhook(deps, request);
    expect(await describeTierRoleFeedGap(deps, member.guildId)).toBeUndefined();
  });
});
