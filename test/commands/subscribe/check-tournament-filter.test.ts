// `/subscribe tournament:<id>` asks the platform, as the admin, whether the tournament exists; when it cannot
// ask, the id must have the form the platform writes ids in (docs/platform-assumptions.md, "Ids"), and the
// answer says it was not checked. The platform is a real server on 127.0.0.1.
import { describe, expect, it } from "vitest";
import { checkTournamentFilter } from "../../../src/commands/subscribe/check-tournament-filter.js";
import { UserFacingError } from "../../../src/discord/user-facing-error.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { actor, useLinkedMember } from "../support/linked-member.js";

const forbidden = {
  status: 403,
  body: { error: { code: "FORBIDDEN", message: "Missing scope", requestId: "req_scope" } },
};

async function refusal(run: Promise<unknown>): Promise<UserFacingError> {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UserFacingError);
  return error as UserFacingError;
}

describe.each(testDatabases().slice(0, 1))("checking a tournament filter, on $name", (database) => {
  const store = useMigratedStore(database);
  const linked = useLinkedMember(store);

  it("takes any id the platform knows, whatever its form, asking as the admin", async () => {
    expect(await checkTournamentFilter(linked.deps, actor, "3f2a9c")).toBeUndefined();
    const asked = linked.platform.requests.at(-1);
    expect(asked?.path).toBe("/v1/tournaments/3f2a9c/leaderboard");
    expect(asked?.headers.authorization).toBe("Bearer key_write_0123456789");
  });

  it("refuses an id the platform has no tournament for", async () => {
    linked.platform.queueReplies({
      status: 404,
      body: { error: { code: "NOT_FOUND", message: "Tournament not found", requestId: "req_gone" } },
    });
    const error = await refusal(checkTournamentFilter(linked.deps, actor, "trn_typo"));
    expect(error.code).toBe("unknown_tournament");
    expect(error.message).toBe(
      "The platform has no tournament `trn_typo`. Pick one from the list, or `any` to remove the filter; nothing was changed.",
    );
  });

  it("says an id of the platform's form was not checked when asking failed", async () => {
    linked.platform.queueReplies(forbidden);
    expect(await checkTournamentFilter(linked.deps, actor, "trn_8f3a")).toBe(
      "The tournament `trn_8f3a` could not be checked (asking the platform failed): if no tournament has that id, " +
        "this channel gets no event that has a tournament.",
    );
  });

  it("refuses an id not of the platform's form when asking failed", async () => {
    linked.platform.queueReplies(forbidden);
    const error = await refusal(checkTournamentFilter(linked.deps, actor, "3f2a9c"));
    expect(error.code).toBe("invalid_tournament");
    expect(error.message).toMatch(/^`3f2a9c` is not a tournament id/);
  });

  it("says why it could not ask an admin with no link here, asking nothing", async () => {
    const unlinked = { ...actor, userId: "200000000000000099" };
    const asked = linked.platform.requests.length;
    expect(await checkTournamentFilter(linked.deps, unlinked, "trn_8f3a")).toMatch(
      /^The tournament `trn_8f3a` could not be checked \(you have no platform account linked in this server: `\/link`\)/,
    );
    expect(linked.platform.requests).toHaveLength(asked);
    const error = await refusal(checkTournamentFilter(linked.deps, unlinked, "Spring-Cup"));
    expect(error.code).toBe("invalid_tournament");
  });
});
