// /battle join (and the card's Join button) against a platform on 127.0.0.1 that answers the join's
// `success` (the platform's API reference, "Resources › Battle", join response): a member is told they joined
// only when the platform says it seated them.
import { describe, expect, it } from "vitest";
import { joinAsMember } from "../../../src/commands/battle/join-battle.js";
import { UserFacingError } from "../../../src/discord/user-facing-error.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { actor, useLinkedMember } from "../support/linked-member.js";

describe.each(testDatabases().slice(0, 1))("joinAsMember on $name", (database) => {
  const store = useMigratedStore(database);
  const linked = useLinkedMember(store);

  it("says the member joined when the platform seated them", async () => {
    const reply = await joinAsMember(linked.deps, actor, "battle_abc123");
    expect(reply.content).toMatch(/^You joined battle `battle_abc123`/);
  });

  it("does not say the member joined when the platform answers success: false", async () => {
    linked.platform.queueReplies({
      body: {
        success: false,
        battle: { id: "battle_abc123", status: "waiting", participants: [] },
      },
    });
    const error = await joinAsMember(linked.deps, actor, "battle_abc123").then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UserFacingError);
    expect((error as UserFacingError).message).toMatch(/did not confirm/);
  });
});
