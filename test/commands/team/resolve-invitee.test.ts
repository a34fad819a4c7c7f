import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chooseInvitee, resolveInvitee } from "../../../src/commands/team/resolve-invitee.js";
import type { UserArgument } from "../../../src/discord/command-arguments.js";
import { UserFacingError } from "../../../src/discord/user-facing-error.js";
import { createDb, type Store } from "../../../src/store/create-db.js";
import { saveMemberLink } from "../../../src/store/member-links.js";
import { migrateToLatest } from "../../../src/store/migrate.js";
import { createTestSecretBox, testNow } from "../../store/secret-box-fixture.js";

const guildId = "100000000000000001";

// Only the fields the resolver reads; the rest of Discord's user and member objects do not matter here.
function memberArgument(id: string, username: string, nick?: string): UserArgument {
  const user = { id, username, global_name: null };
  const member = nick === undefined ? undefined : { nick };
  return { id, user, member } as unknown as UserArgument;
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof UserFacingError) return error.code;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("chooseInvitee", () => {
  it("takes a member or a username", () => {
    expect(chooseInvitee({ member: memberArgument("7", "bob", "Bobby") })).toEqual({
      kind: "member",
      userId: "7",
      displayName: "Bobby",
    });
    expect(chooseInvitee({ username: "  carol " })).toEqual({ kind: "username", username: "carol" });
  });

  it("refuses both, or neither (a blank username counts as none)", () => {
    expect(refusal(() => chooseInvitee({ member: memberArgument("7", "bob"), username: "carol" }))).toBe(
      "invitee_ambiguous",
    );
    expect(refusal(() => chooseInvitee({}))).toBe("invitee_missing");
    expect(refusal(() => chooseInvitee({ username: "   " }))).toBe("invitee_missing");
  });
});

describe("resolveInvitee", () => {
  let store: Store;
  beforeEach(async () => {
    store = await createDb(":memory:");
    await migrateToLatest(store.db);
    await saveMemberLink(store.db, createTestSecretBox(), {
      guildId,
      userId: "7",
      platformUserId: "usr_bob",
      platformUsername: "bob_on_platform",
      credentialKind: "api_key",
      credential: { accessToken: "secret-key-of-bob" },
      now: testNow,
    });
  });
  afterEach(async () => {
    await store.close();
  });

  it("maps a linked member to the platform username they linked in this guild", async () => {
    const invitee = await resolveInvitee(store.db, guildId, {
      kind: "member",
      userId: "7",
      displayName: "bob",
    });
    expect(invitee).toEqual({ username: "bob_on_platform", memberId: "7" });
  });

  it("names an unlinked member, and does not look in other guilds", async () => {
    const error = await resolveInvitee(store.db, "999", {
      kind: "member",
      userId: "7",
      displayName: "Bob*",
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserFacingError);
    expect((error as UserFacingError).message).toMatch(
      /^<@7> \(\*\*Bob\\\*\*\*\) hasn't linked a platform account/,
    );
  });

  it("tells the member who linked a username typed in another case, sending it as typed", async () => {
    expect(
      await resolveInvitee(store.db, guildId, { kind: "username", username: "Bob_On_Platform" }),
    ).toEqual({ username: "Bob_On_Platform", memberId: "7" });
  });

  it("prefers the member whose linked username matches exactly", async () => {
    await saveMemberLink(store.db, createTestSecretBox(), {
      guildId,
      userId: "8",
      platformUserId: "usr_bob_caps",
      platformUsername: "BOB_ON_PLATFORM",
      credentialKind: "api_key",
      credential: { accessToken: "secret-key-of-caps" },
      now: testNow,
    });
    const typed = (username: string) => resolveInvitee(store.db, guildId, { kind: "username", username });
    expect((await typed("BOB_ON_PLATFORM")).memberId).toBe("8");
    expect((await typed("bob_on_platform")).memberId).toBe("7");
  });

  it("passes a typed username through untouched", async () => {
    expect(await resolveInvitee(store.db, guildId, { kind: "username", username: "dave" })).toEqual({
      username: "dave",
      memberId: undefined,
    });
  });
});
