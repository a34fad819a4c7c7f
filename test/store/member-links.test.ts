import { describe, expect, it } from "vitest";
import { SecretDecryptionError } from "../../src/secrets/secret-box.js";
import { createDb } from "../../src/store/create-db.js";
import {
  deleteMemberLink,
  findMemberLink,
  markLinkReauthNeeded,
  saveMemberLink,
  updateMemberCredential,
  type MemberLinkInput,
} from "../../src/store/member-links.js";
import { listGuildLinks, listLinksOfPlatformUser } from "../../src/store/linked-members.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const box = createTestSecretBox();

function linkInput(overrides: Partial<MemberLinkInput> = {}): MemberLinkInput {
  return {
    guildId: "100000000000000001",
    userId: "200000000000000001",
    platformUserId: "u-alice",
    platformUsername: "alice",
    credentialKind: "oauth",
    credential: {
      accessToken: "access-1",
      refreshToken: "refresh-1",
      expiresAt: testNow + 3_600_000,
      scopes: ["read:profile", "write:battles"],
    },
    now: testNow,
    ...overrides,
  };
}

describe.each(testDatabases())("member links on $name", (database) => {
  const store = useMigratedStore(database);

  it("saves a link and finds it with its credential opened", async () => {
    const saved = await saveMemberLink(store.db, box, linkInput());
    const found = await findMemberLink(store.db, box, {
      guildId: "100000000000000001",
      userId: "200000000000000001",
    });
    expect(found).toEqual(saved);
    expect(found).toMatchObject({
      platformUserId: "u-alice",
      platformUsername: "alice",
      credentialKind: "oauth",
      scopes: ["read:profile", "write:battles"],
      expiresAt: testNow + 3_600_000,
      status: "active",
      createdAt: testNow,
      updatedAt: testNow,
      credential: { accessToken: "access-1", refreshToken: "refresh-1" },
    });
  });

  it("keeps one link per guild and member: linking again replaces the account", async () => {
    const first = await saveMemberLink(store.db, box, linkInput());
    await markLinkReauthNeeded(store.db, { ...first, now: testNow + 1 });
    const second = await saveMemberLink(
      store.db,
      box,
      linkInput({
        platformUserId: "u-bob",
        platformUsername: "bob",
        credentialKind: "api_key",
        credential: { accessToken: "api-key-2" },
        now: testNow + 2,
      }),
    );
    expect(second).toMatchObject({
      id: first.id,
      platformUsername: "bob",
      credentialKind: "api_key",
      credential: { accessToken: "api-key-2" },
      scopes: [],
      expiresAt: null,
      status: "active",
      createdAt: testNow,
      updatedAt: testNow + 2,
    });
    expect(second.credential).not.toHaveProperty("refreshToken");
    expect(await listGuildLinks(store.db, first.guildId ?? "")).toHaveLength(1);
  });

  it("keeps a personal link apart from the member's server links, refreshes, marks and deletes it by user alone", async () => {
    const personalKey = { guildId: undefined, userId: "200000000000000001" };
    await saveMemberLink(store.db, box, linkInput());
    const personal = await saveMemberLink(
      store.db,
      box,
      linkInput({ guildId: undefined, platformUserId: "u-alice-2", platformUsername: "alice2" }),
    );
    expect(personal).toMatchObject({ guildId: undefined, platformUsername: "alice2", status: "active" });
    expect(await findMemberLink(store.db, box, personalKey)).toEqual(personal);
    expect(await findMemberLink(store.db, box, linkInput())).toMatchObject({ platformUsername: "alice" });
    // Never listed as a server's member, nor routed to a guild.
    expect((await listLinksOfPlatformUser(store.db, "u-alice-2")).length).toBe(0);

    const refreshed = await updateMemberCredential(store.db, box, {
      ...personalKey,
      credentialVersion: personal.credentialVersion,
      credential: { accessToken: "access-2" },
      now: testNow + 1,
    });
    expect(refreshed?.credential.accessToken).toBe("access-2");
    expect(
      await markLinkReauthNeeded(store.db, {
        ...personalKey,
        credentialVersion: personal.credentialVersion,
        now: testNow + 2,
      }),
    ).toBe(false);
    expect(
      await markLinkReauthNeeded(store.db, {
        ...personalKey,
        credentialVersion: refreshed?.credentialVersion ?? "",
        now: testNow + 3,
      }),
    ).toBe(true);
    expect(await deleteMemberLink(store.db, personalKey)).toBe(true);
    expect(await findMemberLink(store.db, box, personalKey)).toBeUndefined();
    expect(await findMemberLink(store.db, box, linkInput())).toMatchObject({ platformUsername: "alice" });
  });

  it("lets the same member link different accounts in different guilds", async () => {
    await saveMemberLink(store.db, box, linkInput());
    await saveMemberLink(
      store.db,
      box,
      linkInput({ guildId: "100000000000000002", platformUserId: "u-alt" }),
    );
    const other = await findMemberLink(store.db, box, {
      guildId: "100000000000000002",
      userId: "200000000000000001",
    });
    expect(other?.platformUserId).toBe("u-alt");
  });

  it("stores a refreshed credential and reactivates the link", async () => {
    const link = await saveMemberLink(store.db, box, linkInput());
    await markLinkReauthNeeded(store.db, { ...link, now: testNow + 1 });
    const refreshed = { accessToken: "access-2", refreshToken: "refresh-2", expiresAt: testNow + 7_200_000 };
    const stored = await updateMemberCredential(store.db, box, {
      ...link,
      credential: refreshed,
      now: testNow + 5,
    });
    const found = await findMemberLink(store.db, box, link);
    expect(found).toMatchObject({
      credential: refreshed,
      expiresAt: testNow + 7_200_000,
      status: "active",
      scopes: [],
    });
    expect(found?.updatedAt).toBe(testNow + 5);
    expect(stored).toEqual(found);
  });

  it("stores nothing over a link the member made again after the refresh began", async () => {
    const refreshedFrom = await saveMemberLink(store.db, box, linkInput());
    const relinked = await saveMemberLink(
      store.db,
      box,
      linkInput({
        platformUserId: "u-bob",
        platformUsername: "bob",
        credential: { accessToken: "access-bob", refreshToken: "refresh-bob", expiresAt: testNow + 9_000 },
        now: testNow + 1,
      }),
    );
    const late = { accessToken: "access-2", refreshToken: "refresh-2", expiresAt: testNow + 7_200_000 };

    const stored = await updateMemberCredential(store.db, box, {
      ...refreshedFrom,
      credential: late,
      now: testNow + 2,
    });

    expect(stored).toBeUndefined();
    expect(await findMemberLink(store.db, box, refreshedFrom)).toEqual(relinked);
  });

  it("stores nothing over a link made again after an unlink, nor brings an unlinked one back", async () => {
    const refreshedFrom = await saveMemberLink(store.db, box, linkInput());
    const late = { accessToken: "access-2", refreshToken: "refresh-2", expiresAt: testNow + 7_200_000 };
    await deleteMemberLink(store.db, refreshedFrom);
    expect(
      await updateMemberCredential(store.db, box, { ...refreshedFrom, credential: late, now: testNow + 1 }),
    ).toBeUndefined();
    expect(await findMemberLink(store.db, box, refreshedFrom)).toBeUndefined();

    const again = await saveMemberLink(store.db, box, linkInput({ now: testNow + 2 }));
    expect(
      await updateMemberCredential(store.db, box, { ...refreshedFrom, credential: late, now: testNow + 3 }),
    ).toBeUndefined();
    expect(await findMemberLink(store.db, box, refreshedFrom)).toEqual(again);
  });

  it("leaves a link active when another instance stored a fresh credential before the failed refresh marks it", async () => {
    const key = { guildId: "100000000000000001", userId: "200000000000000001" };
    await saveMemberLink(store.db, box, linkInput());
    // Instance B has its own connection where the database is shared (a file, PostgreSQL).
    const other = database.shared ? await createDb(store.url) : undefined;
    try {
      const instanceA = store.db;
      const instanceB = other?.db ?? store.db;
      const readByA = await findMemberLink(instanceA, box, key);
      if (readByA === undefined) throw new Error("the link was just saved");
      const v2 = { accessToken: "access-2", refreshToken: "refresh-2", expiresAt: testNow + 7_200_000 };
      await updateMemberCredential(instanceB, box, { ...readByA, credential: v2, now: testNow + 1 });
      // A's refresh of v1 failed with invalid_grant: v1's refresh token was spent by B.
      expect(await markLinkReauthNeeded(instanceA, { ...readByA, now: testNow + 2 })).toBe(false);
      expect(await findMemberLink(instanceA, box, key)).toMatchObject({ status: "active", credential: v2 });
    } finally {
      await other?.close();
    }
  });

  it("marks a link as needing a new authorization", async () => {
    const link = await saveMemberLink(store.db, box, linkInput());
    expect(await markLinkReauthNeeded(store.db, { ...link, now: testNow + 9 })).toBe(true);
    expect(await findMemberLink(store.db, box, link)).toMatchObject({
      status: "reauth_needed",
      updatedAt: testNow + 9,
    });
  });

  it("reports when there was no link to update, mark or delete", async () => {
    const key = { guildId: "1", userId: "2" };
    expect(await findMemberLink(store.db, box, key)).toBeUndefined();
    expect(
      await updateMemberCredential(store.db, box, {
        ...key,
        credentialVersion: "none",
        credential: { accessToken: "x" },
        now: testNow,
      }),
    ).toBeUndefined();
    expect(await markLinkReauthNeeded(store.db, { ...key, credentialVersion: "none", now: testNow })).toBe(
      false,
    );
    expect(await deleteMemberLink(store.db, key)).toBe(false);
  });

  it("deletes a link", async () => {
    const link = await saveMemberLink(store.db, box, linkInput());
    expect(await deleteMemberLink(store.db, link)).toBe(true);
    expect(await findMemberLink(store.db, box, link)).toBeUndefined();
  });

  it("lists a guild's members and a platform user's guilds without their credentials", async () => {
    await saveMemberLink(store.db, box, linkInput());
    await saveMemberLink(
      store.db,
      box,
      linkInput({ userId: "200000000000000002", platformUserId: "u-bob", now: testNow + 1 }),
    );
    await saveMemberLink(store.db, box, linkInput({ guildId: "100000000000000002" }));
    const members = await listGuildLinks(store.db, "100000000000000001");
    expect(members.map((member) => member.platformUserId)).toEqual(["u-alice", "u-bob"]);
    expect(members[0]).not.toHaveProperty("credential");
    const guilds = await listLinksOfPlatformUser(store.db, "u-alice");
    expect(guilds.map((member) => member.guildId)).toEqual(["100000000000000001", "100000000000000002"]);
  });

  it("refuses a credential copied into another member's row", async () => {
    const alice = await saveMemberLink(store.db, box, linkInput());
    const bob = await saveMemberLink(store.db, box, linkInput({ userId: "200000000000000002" }));
    const stolen = await store.db
      .selectFrom("member_links")
      .select("credential")
      .where("id", "=", alice.id)
      .executeTakeFirstOrThrow();
    await store.db
      .updateTable("member_links")
      .set({ credential: stolen.credential })
      .where("id", "=", bob.id)
      .execute();
    await expect(findMemberLink(store.db, box, bob)).rejects.toThrow(SecretDecryptionError);
  });
});
