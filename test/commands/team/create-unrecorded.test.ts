// /team create when the platform made the team but the bot cannot store it (docs/operations.md, "When SQLite
// cannot write"): the member still reads the team and its id, which the platform will not tell again (it
// lists no member's teams), told that /team invite will not suggest it. The fault is real: a second
// connection holds the SQLite file's write lock past the 5 s busy timeout; the platform is a server on
// 127.0.0.1.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runTeamCreate } from "../../../src/commands/team/create-subcommand.js";
import { createDb, type Store } from "../../../src/store/create-db.js";
import { migrateToLatest } from "../../../src/store/migrate.js";
import { actor, useLinkedMember } from "../support/linked-member.js";

describe("/team create with a database that cannot write", () => {
  let folder: string;
  let store: Store;
  let lockHolder: SqliteDatabase.Database | undefined;
  const holder = {
    get db() {
      return store.db;
    },
  };

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), "arena-team-fault-"));
    store = await createDb(`file:${join(folder, "bot.sqlite")}`);
    await migrateToLatest(store.db);
  });
  const linked = useLinkedMember(holder);

  afterEach(async () => {
    lockHolder?.close();
    lockHolder = undefined;
    await store.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("answers with the team the platform made, saying /team invite won't suggest it", async () => {
    linked.platform.queueReplies({
      status: 201,
      body: {
        id: "team_night",
        name: "Night Owls",
        description: "",
        owner: { id: "usr_1", username: "alice" },
        members: 1,
        maxMembers: 5,
        isPublic: true,
        createdAt: "2026-01-01T00:00:00Z",
      },
    });
    lockHolder = new SqliteDatabase(join(folder, "bot.sqlite"));
    lockHolder.exec("begin immediate");

    const reply = await runTeamCreate(linked.deps, actor, { name: "Night Owls" });

    expect(reply.content).toMatch(/^Team created\. Invite members with `\/team invite team:team_night`/);
    expect(reply.content).toContain("`/team invite` won't suggest it: type its id.");
    expect(reply.embeds?.[0]?.title).toBe("Night Owls");
  });
});
