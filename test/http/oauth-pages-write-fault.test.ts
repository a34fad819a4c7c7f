// The sign-in pages while the database cannot write (docs/operations.md, "When SQLite cannot write"): a page
// that must store something answers 503, "try the same step again in a few minutes", not a 500 telling a
// Linked Roles member to run /link; once writes work the same step goes through. The fault is real: another
// connection holds the file's write lock past the 5 s busy timeout.
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { cannotSaveMessage } from "../../src/http/oauth-messages.js";
import { sqliteFile, useMigratedStore } from "../store/databases.js";
import { buildLinkedRolesApp, type LinkedRolesApp } from "./support/linked-roles-app.js";

describe("the Linked Roles verification URL while the database cannot write", () => {
  const store = useMigratedStore(sqliteFile);
  let fake: FakeDiscord;
  let linkedRoles: LinkedRolesApp;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    linkedRoles = await buildLinkedRolesApp(fake, { db: store.db });
  });
  afterAll(async () => {
    await linkedRoles.close();
    await fake.close();
  });

  it("answers 503 with what to do, then sends the browser to Discord once writes work", async () => {
    const holder = new SqliteDatabase(store.url.slice("file:".length));
    holder.exec("begin immediate");
    try {
      const refused = await linkedRoles.app.inject({ method: "GET", url: "/oauth/linked-roles" });
      expect(refused.statusCode).toBe(503);
      const shown = cannotSaveMessage("Please try the same step again in a few minutes.");
      expect(refused.body).toContain(shown.replace("can't", "can&#39;t"));
      expect(refused.body).not.toContain("/link");
      expect(refused.headers["cache-control"]).toBe("no-store");
    } finally {
      holder.exec("rollback");
      holder.close();
    }
    const opened = await linkedRoles.app.inject({ method: "GET", url: "/oauth/linked-roles" });
    expect(opened.statusCode).toBe(303);
  });
});
