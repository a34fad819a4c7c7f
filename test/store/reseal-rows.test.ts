// Retiring an encryption key (docs/operations.md, "Rotating and retiring an encryption key"), one table's
// rows: a value no key of the ring opens is counted and left, a table is walked in batches, and a credential
// stored after its row was read is never overwritten with the older one sealed again.
import { describe, expect, it } from "vitest";
import {
  findMemberLink,
  saveMemberLink,
  sealedMemberCredentials,
  updateMemberCredential,
} from "../../src/store/member-links.js";
import { resealSecrets } from "../../src/store/reseal-secrets.js";
import { resealColumn, resealRow } from "../../src/store/sealed-column.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";
import { linkInput, lostBox, member, newOnlyBox, oldBox, rotatedBox } from "./support/reseal-fixtures.js";

describe.each(testDatabases())("resealing a table's rows on $name", (database) => {
  const store = useMigratedStore(database);

  it("counts a secret no key of the ring opens and leaves it as it is", async () => {
    await saveMemberLink(store.db, lostBox, linkInput("200000000000000001", "sealed-with-a-lost-key"));
    await saveMemberLink(store.db, oldBox, linkInput("200000000000000002", "sealed-with-the-old-key"));
    const lostRow = () =>
      store.db
        .selectFrom("member_links")
        .select("credential")
        .where("user_id", "=", "200000000000000001")
        .executeTakeFirstOrThrow();
    const storedBefore = await lostRow();

    const report = await resealSecrets({ db: store.db, secretBox: rotatedBox });

    expect(report.member_links).toEqual({ resealed: 1, alreadyCurrent: 0, unreadable: 1 });
    expect(await lostRow()).toEqual(storedBefore);
    const readable = await findMemberLink(store.db, newOnlyBox, member("200000000000000002"));
    expect(readable?.credential.accessToken).toBe("sealed-with-the-old-key");
  });

  it("walks a table in batches, past the values it cannot open", async () => {
    const userIds = ["1", "2", "3", "4", "5", "6", "7"].map((digit) => `20000000000000000${digit}`);
    for (const [index, userId] of userIds.entries()) {
      await saveMemberLink(store.db, index === 2 ? lostBox : oldBox, linkInput(userId, `access-${index}`));
    }

    const counts = await resealColumn(store.db, rotatedBox, sealedMemberCredentials, { batchSize: 2 });

    expect(counts).toEqual({ resealed: 6, alreadyCurrent: 0, unreadable: 1 });
    const stored = await store.db.selectFrom("member_links").select("credential").execute();
    expect(stored.filter((row) => row.credential.startsWith("v1.new.")).length).toBe(6);
  });

  it("keeps a credential stored after the row was read, instead of sealing the older one again", async () => {
    await saveMemberLink(store.db, oldBox, linkInput("200000000000000001", "access-before-refresh"));
    const read = await store.db.selectFrom("member_links").selectAll().executeTakeFirstOrThrow();
    const refreshed = { accessToken: "access-after-refresh", refreshToken: "refresh-after" };
    await updateMemberCredential(store.db, rotatedBox, {
      ...member("200000000000000001"),
      credentialVersion: read.credential,
      credential: refreshed,
      now: testNow + 1,
    });

    const outcome = await resealRow(store.db, rotatedBox, sealedMemberCredentials, read);

    expect(outcome).toBe("alreadyCurrent");
    const link = await findMemberLink(store.db, newOnlyBox, member("200000000000000001"));
    expect(link?.credential).toEqual(refreshed);
  });

  it("seals the newer credential when an instance still on the old key stored it after the row was read", async () => {
    await saveMemberLink(store.db, oldBox, linkInput("200000000000000001", "access-before-refresh"));
    const read = await store.db.selectFrom("member_links").selectAll().executeTakeFirstOrThrow();
    const refreshed = { accessToken: "access-after-refresh" };
    await updateMemberCredential(store.db, oldBox, {
      ...member("200000000000000001"),
      credentialVersion: read.credential,
      credential: refreshed,
      now: testNow + 1,
    });

    const outcome = await resealRow(store.db, rotatedBox, sealedMemberCredentials, read);

    expect(outcome).toBe("resealed");
    const link = await findMemberLink(store.db, newOnlyBox, member("200000000000000001"));
    expect(link?.credential).toEqual(refreshed);
  });
});
