// docs/architecture.md, "When the bot leaves a server": a removal or an add-back the gateway tells while the
// database cannot write (another connection holds SQLite's write lock past the busy timeout) is stored once it
// can. Before, the failed write was logged and the change forgotten until the next READY, which a resumed
// session never brings: a server that added the bot back stayed recorded as removed, got no posts, and had
// its data purged once the grace period ran out.
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findGuildRemoval } from "../../src/store/guild-removals.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { waitUntil } from "./support/wait-until.js";

describe("the bot removed from a server and added back while SQLite's write lock is held", () => {
  let world: EndToEnd;

  beforeAll(async () => {
    world = await startEndToEnd();
  }, 60_000);

  afterAll(async () => {
    await world.close();
  });

  const countLines = (text: string): number => world.logs().split(text).length - 1;

  /** Holds the write lock while `act` runs, until the bot has logged `failure` (past its busy timeout). */
  async function whileLocked(act: () => void, failure: string): Promise<void> {
    const holder = new SqliteDatabase(world.databaseFile);
    try {
      // The bot may be writing at this moment. Its transactions are driven from this thread, so the lock is
      // tried again between turns of the event loop rather than waited for here.
      holder.pragma("busy_timeout = 0");
      await waitUntil(() => tryToLock(holder), { timeoutMs: 30_000, what: "the write lock" });
      const before = countLines(failure);
      act();
      await waitUntil(() => countLines(failure) > before, { timeoutMs: 30_000, what: failure });
      holder.exec("rollback");
    } finally {
      holder.close();
    }
  }

  function tryToLock(holder: SqliteDatabase.Database): boolean {
    try {
      holder.exec("begin immediate");
      return true;
    } catch (error) {
      if (error instanceof SqliteDatabase.SqliteError && error.code === "SQLITE_BUSY") return false;
      throw error;
    }
  }

  it("stores the removal and the add-back once the lock is released", async () => {
    const { db } = world.bot.deps;
    await whileLocked(() => {
      world.discord.removeBotFromGuild(world.guildId);
    }, "could not record the bot's removal from a server");
    await expect
      .poll(() => findGuildRemoval(db, world.guildId), { timeout: 30_000 })
      .toMatchObject({ guildId: world.guildId });

    await whileLocked(() => {
      world.discord.addBotBackToGuild(world.guildId);
    }, "could not resume a server the bot was added back to");
    await expect.poll(() => findGuildRemoval(db, world.guildId), { timeout: 30_000 }).toBeUndefined();
  }, 120_000);
});
