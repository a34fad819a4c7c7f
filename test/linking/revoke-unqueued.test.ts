// Dropped tokens whose revocation cannot be queued, the database not taking writes (a queue's row is a
// write): they are sent to the issuer once, directly, rather than left valid
// (src/linking/revoke-dropped-tokens.ts), and the caller still hears that the queueing failed. The fault is
// real: another connection holds the file's write lock past the 5 s busy timeout.
import SqliteDatabase from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { revokeDroppedTokens } from "../../src/linking/revoke-dropped-tokens.js";
import { sqliteFile } from "../store/databases.js";
import { useLinkingFixtures } from "./support/use-linking-fixtures.js";
import { revokedTokens } from "./support/oauth-link-flow.js";

describe("dropped tokens while the database cannot queue them", () => {
  const world = useLinkingFixtures(sqliteFile);

  it("sends them to the issuer once, unqueued, and reports the failed queueing", async () => {
    const holder = new SqliteDatabase(world.store.url.slice("file:".length));
    holder.exec("begin immediate");
    let failure: unknown;
    try {
      failure = await revokeDroppedTokens(world.deps, {
        guildId: "100000000000000001",
        userId: "200000000000000002",
        tokens: { accessToken: "access-dropped", refreshToken: "refresh-dropped" },
        cause: "unlinked",
      }).then(
        () => undefined,
        (error: unknown) => error,
      );
    } finally {
      holder.exec("rollback");
      holder.close();
    }

    expect(failure).toMatchObject({ code: "SQLITE_BUSY" });
    expect(revokedTokens(world.oauthServer)).toEqual(["refresh-dropped"]);
    expect(await world.store.db.selectFrom("token_revocations").selectAll().execute()).toEqual([]);
  });
});
