// A join or submission the platform refuses with 403 or 409 (sandbox/README.md, "Errors"), against a platform on
// 127.0.0.1: the member is told what the battle's state says (not joined, already in it, over), never that
// their key lacks a permission it has.
import { describe, expect, it } from "vitest";
import { joinAsMember } from "../../../src/commands/battle/join-battle.js";
import { submitCode } from "../../../src/commands/battle/submit-code.js";
import { PlatformError } from "../../../src/api/index.js";
import { describePlatformError } from "../../../src/discord/describe-platform-error.js";
import { UserFacingError } from "../../../src/discord/user-facing-error.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { actor, useLinkedMember } from "../support/linked-member.js";

/** The example /users/me answers the member's link with (test/api/examples/accounts.ts). */
const memberId = "user_alice";
const battleId = "battle_abc123";

function refusal(status: 403 | 409) {
  const code = status === 403 ? "FORBIDDEN" : "CONFLICT";
  return { status, body: { error: { code, message: "no <@1> here", requestId: "req_refused" } } };
}

function battle(status: string, participantIds: readonly string[]) {
  return {
    body: {
      id: battleId,
      type: "realtime",
      status,
      participants: participantIds.map((id) => ({ id, username: id.replace("user_", ""), rating: 1500 })),
      leaderboard: [],
    },
  };
}

/** What `attempt` rejected with; undefined when it resolved. */
function errorOf(attempt: Promise<unknown>): Promise<unknown> {
  return attempt.then(
    () => undefined,
    (caught: unknown) => caught,
  );
}

async function failureOf(attempt: Promise<unknown>): Promise<UserFacingError> {
  const error = await errorOf(attempt);
  expect(error).toBeInstanceOf(UserFacingError);
  return error as UserFacingError;
}

describe.each(testDatabases().slice(0, 1))("a refused join or submission on $name", (database) => {
  const store = useMigratedStore(database);
  const linked = useLinkedMember(store);
  const submit = () => submitCode(linked.deps, actor, { battleId, language: "python", code: "print(1)" });
  const join = () => joinAsMember(linked.deps, actor, battleId);

  it("tells a member who submits before joining to press Join, after reading the battle", async () => {
    linked.platform.queueReplies(refusal(403), battle("active", ["user_bob"]));
    const error = await failureOf(submit());
    expect(error.code).toBe("battle_not_joined");
    expect(error.message).toMatch(/^You haven't joined battle `battle_abc123`: press \*\*Join\*\*/);
    expect(error.message).toContain("Request id: `req_refused`");
    expect(error.message).not.toMatch(/not allowed|permission/);
    expect(linked.platform.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      "GET /v1/users/me",
      "POST /v1/battles/battle_abc123/submit",
      "GET /v1/battles/battle_abc123",
    ]);
  });

  it("leaves a 403 to a member the battle seats as their key's permission", async () => {
    linked.platform.queueReplies(refusal(403), battle("active", [memberId, "user_bob"]));
    const error = await errorOf(submit());
    // The dispatcher then says what a 403 says (describe-platform-error.ts).
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).status).toBe(403);
    expect(describePlatformError(error, 0)?.message).toMatch(/not allowed to do that/);
  });

  it("names both causes of a 403 when the battle cannot be read", async () => {
    linked.platform.queueReplies(refusal(403), { status: 404, body: { error: { code: "NOT_FOUND" } } });
    const error = await failureOf(submit());
    expect(error.code).toBe("battle_unknown");
    expect(error.message).toMatch(
      /you may not have joined it .* or your platform account may lack the permission/,
    );
  });

  it("says a battle that is over takes no submissions, its status shown as plain text", async () => {
    linked.platform.queueReplies(refusal(409), battle("completed <@&1> [x](https://x.test)", [memberId]));
    const error = await failureOf(submit());
    expect(error.code).toBe("battle_over");
    expect(error.message).toContain("so it takes no submissions now");
    expect(error.message).not.toContain("<@&1>");
    expect(error.message).not.toContain("[x](https://x.test)");
  });

  it("says a submission to a running battle may have come as its time ran out", async () => {
    linked.platform.queueReplies(refusal(409), battle("active", [memberId]));
    const error = await failureOf(submit());
    expect(error.code).toBe("battle_unknown");
    expect(error.message).toContain("its time may have just run out");
  });

  it("tells a member already seated that they are in the battle", async () => {
    linked.platform.queueReplies(refusal(409), battle("active", [memberId]));
    const error = await failureOf(join());
    expect(error.code).toBe("battle_already_joined");
    expect(error.message).toMatch(/^You're already in battle `battle_abc123`\. Send your solution/);
  });

  it("says a completed battle can't be joined", async () => {
    linked.platform.queueReplies(refusal(409), battle("completed", ["user_bob", "user_carol"]));
    const error = await failureOf(join());
    expect(error.code).toBe("battle_over");
    expect(error.message).toContain(
      "The battle `battle_abc123` is **completed**, so it can't be joined now.",
    );
  });

  it("says a completed battle the member sat in is over, not that they can still submit", async () => {
    linked.platform.queueReplies(refusal(409), battle("completed", [memberId, "user_bob"]));
    const error = await failureOf(join());
    expect(error.code).toBe("battle_over");
    expect(error.message).toContain(
      "The battle `battle_abc123` is **completed**, so it can't be joined now.",
    );
    expect(error.message).not.toMatch(/Submit code|battle submit/);
  });

  it("says a running battle that refused a seat may be full", async () => {
    linked.platform.queueReplies(refusal(409), battle("active", ["user_bob", "user_carol"]));
    const error = await failureOf(join());
    expect(error.code).toBe("battle_unknown");
    expect(error.message).toContain("it may be full, or already over");
  });

  it("tells one who never joined a battle that is over that it takes no submissions, not to press Join", async () => {
    linked.platform.queueReplies(refusal(403), battle("completed", ["user_bob", "user_carol"]));
    const error = await failureOf(submit());
    expect(error.code).toBe("battle_over");
    expect(error.message).toContain(
      "The battle `battle_abc123` is **completed**, so it takes no submissions now.",
    );
  });

  it("reads nothing after a 403 to a join, which the battle cannot explain", async () => {
    linked.platform.queueReplies(refusal(403));
    const error = await errorOf(join());
    expect(error).toBeInstanceOf(PlatformError);
    expect(linked.platform.requests.map(({ path }) => path)).not.toContain("/v1/battles/battle_abc123");
  });

  it("leaves other errors as they were, without reading the battle", async () => {
    linked.platform.queueReplies({ status: 404, body: { error: { code: "NOT_FOUND" } } });
    const error = await errorOf(join());
    expect(error).not.toBeInstanceOf(UserFacingError);
    expect(linked.platform.requests.map(({ path }) => path)).not.toContain("/v1/battles/battle_abc123");
  });
});
