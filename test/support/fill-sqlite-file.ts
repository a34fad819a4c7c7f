// A SQLite file filled to a size cap from a connection of the test's own, the way the bot's writer sees a
// full disk when SQLITE_MAX_SIZE_MB is reached: its next write that needs a page fails with SQLITE_FULL.
// Deleting the ballast frees the pages again, as freeing space on a disk does.
import SqliteDatabase from "better-sqlite3";

export interface Ballast {
  /** Deletes the ballast: its pages are free for the bot's writes again, within the same cap. */
  free(): void;
  close(): void;
}

/** Fills `path` up to `maxPages` pages with a ballast table, to within a few bytes of the last page. */
export function fillSqliteFile(path: string, maxPages: number): Ballast {
  const filler = new SqliteDatabase(path);
  filler.pragma("busy_timeout = 10000");
  filler.pragma(`max_page_count = ${String(maxPages)}`);
  filler.exec("create table if not exists ballast (filler blob not null)");
  const insert = filler.prepare("insert into ballast (filler) values (randomblob(?))");
  // Large rows first, then smaller ones into what is left, until not even a small row fits.
  for (const size of [64 * 1024, 4096, 512, 32]) {
    for (;;) {
      try {
        insert.run(size);
      } catch (error) {
        if (error instanceof SqliteDatabase.SqliteError && error.code === "SQLITE_FULL") break;
        throw error;
      }
    }
  }
  return {
    free: () => filler.exec("delete from ballast"),
    close: () => filler.close(),
  };
}
