// Reads built once per shape (src/store/prepared-reads.ts): a later read of the same shape binds its own values
// to the SQL built first, a read of another shape (another list length, an argument left out) is built for
// that shape, and a read that does more with an argument than bind it is refused when first built.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { preparedRead } from "../../src/store/prepared-reads.js";
import { testDatabases, useMigratedStore } from "./databases.js";

describe.each(testDatabases())("prepared reads on $name", (database) => {
  const store = useMigratedStore(database);

  async function removeGuilds(...guilds: readonly [string, number][]): Promise<void> {
    await store.db
      .insertInto("guild_removals")
      .values(guilds.map(([guildId, removedAt]) => ({ guild_id: guildId, removed_at: removedAt })))
      .execute();
  }

  /** A read over the guild removals that counts how often Kysely was asked to build it. */
  function countedRead() {
    const built = { count: 0 };
    const read = preparedRead(
      (db, args: { readonly guildIds: readonly string[]; readonly removedAfter: number | undefined }) => {
        built.count += 1;
        const query = db
          .selectFrom("guild_removals")
          .select(["guild_id", "removed_at"])
          .where("guild_id", "in", args.guildIds)
          // A value of the query's own, bound as a parameter: it stays the query's.
          .where("removed_at", ">=", 0)
          .orderBy("guild_id");
        return args.removedAfter === undefined ? query : query.where("removed_at", ">", args.removedAfter);
      },
    );
    return { read, built };
  }

  it("answers each read with its own values, building a shape once", async () => {
    await removeGuilds(["1", 10], ["2", 20], ["3", 30], ["4", 40]);
    const { read, built } = countedRead();
    const ids = async (guildIds: string[], removedAfter?: number) =>
      (await read(store.db, { guildIds, removedAfter })).map((row) => row.guild_id);

    expect(await ids(["1", "2"])).toEqual(["1", "2"]);
    expect(await ids(["3", "4"])).toEqual(["3", "4"]);
    expect(await ids(["4", "9"])).toEqual(["4"]);
    expect(built.count).toBe(1);

    // Another length of list, and the optional argument given, are shapes of their own.
    expect(await ids(["1", "2", "3"])).toEqual(["1", "2", "3"]);
    expect(await ids(["1", "2"], 15)).toEqual(["2"]);
    expect(await ids(["3", "4"], 35)).toEqual(["4"]);
    expect(built.count).toBe(3);
    // The query's own value was bound again with the arguments': rows removed at 0 are still found.
    await removeGuilds(["0", 0]);
    const rows = await read(store.db, { guildIds: ["0", "2"], removedAfter: undefined });
    expect(rows.map((row) => row.removed_at)).toEqual([0, 20]);
  });

  it("refuses a read that binds a value made from an argument", async () => {
    const read = preparedRead((db, { pattern }: { readonly pattern: string }) =>
      db.selectFrom("guild_removals").select("guild_id").where("guild_id", "like", `%${pattern}%`),
    );
    await expect(read(store.db, { pattern: "1" })).rejects.toThrow(/bound a value it made from an argument/);
  });

  it("refuses a read that binds an argument nowhere, made into something else", async () => {
    const read = preparedRead((db, { kind }: { readonly kind: string }) =>
      db.selectFrom("guild_removals").select("guild_id").where("guild_id", "=", JSON.stringify(kind)),
    );
    await expect(read(store.db, { kind: "1" })).rejects.toThrow(/did not bind an argument it was given/);
  });

  it("refuses a read that writes an argument into its SQL", async () => {
    const read = preparedRead((db, { guildId }: { readonly guildId: string }) =>
      db.selectFrom("guild_removals").select("guild_id").where("guild_id", "=", sql.lit(guildId)),
    );
    await expect(read(store.db, { guildId: "1" })).rejects.toThrow(/wrote an argument into its SQL/);
  });

  it("still answers reads past the shapes it keeps, building each", async () => {
    const guilds = Array.from({ length: 70 }, (_, index): [string, number] => [`g${String(index)}`, index]);
    await removeGuilds(...guilds);
    const { read, built } = countedRead();
    const idsOf = (length: number) => guilds.slice(0, length).map(([guildId]) => guildId);
    for (let length = 1; length <= 70; length += 1) {
      const rows = await read(store.db, { guildIds: idsOf(length), removedAfter: undefined });
      expect(rows).toHaveLength(length);
    }
    // 64 shapes kept: a read of a 65th length and later is built as any query is, so once a read.
    expect(built.count).toBe(70);
    await read(store.db, { guildIds: idsOf(2), removedAfter: undefined });
    expect(built.count).toBe(70);
    await read(store.db, { guildIds: idsOf(66), removedAfter: undefined });
    expect(built.count).toBe(71);
  });
});
