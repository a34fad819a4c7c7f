// /team invite against a platform on 127.0.0.1 that answers the invitation wrapper's `success` (the platform's
// API reference, "Resources › Team and invitation"): the inviter is told someone was invited only when the
// platform says so.
import { describe, expect, it } from "vitest";
import { runTeamInvite } from "../../../src/commands/team/invite-subcommand.js";
import { UserFacingError } from "../../../src/discord/user-facing-error.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { actor, useLinkedMember } from "../support/linked-member.js";

describe.each(testDatabases().slice(0, 1))("runTeamInvite on $name", (database) => {
  const store = useMigratedStore(database);
  const linked = useLinkedMember(store);

  const invite = () => runTeamInvite(linked.deps, actor, { team: "team_algo", username: "bob" });

  it("tells the inviter the invitation went out when the platform sent it", async () => {
    const { reply } = await invite();
    expect(reply.content).toMatch(/^Invited \*\*bob\*\* to team `team_algo` as member\./);
  });

  it("does not say the invitation went out when the platform answers success: false", async () => {
    linked.platform.queueReplies({
      body: {
        success: false,
        invitation: { id: "inv_1", teamId: "team_algo", status: "pending" },
      },
    });
    const error = await invite().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UserFacingError);
    expect((error as UserFacingError).message).toMatch(/did not confirm/);
  });
});
