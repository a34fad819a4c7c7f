// A process that migrates SQLite files on cue: for each line `<database url>` on stdin it opens the file, runs
// migrateToLatest and answers one JSON line, so two of these can be told to migrate one file at the same moment.
import { createInterface } from "node:readline";
import { createDb, type Store } from "../../../src/store/create-db.js";
import { migrateToLatest } from "../../../src/store/migrate.js";

/** Opening the file counts too: both processes open it at once, as two instances starting together do. */
async function migrateFile(url: string): Promise<{ applied?: string[]; error?: string }> {
  let store: Store | undefined;
  try {
    store = await createDb(url);
    return { applied: await migrateToLatest(store.db) };
  } catch (error) {
    return { error: describe(error) };
  } finally {
    await store?.close();
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = "code" in error ? ` [${String(error.code)}]` : "";
  const cause = error.cause instanceof Error ? ` (${describe(error.cause)})` : "";
  const at = (error.stack ?? "")
    .split("\n")
    .filter((line) => line.includes("/src/"))
    .slice(0, 3)
    .join(" <- ");
  return `${error.message}${code}${cause} at ${at}`;
}

process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === "") continue;
  process.stdout.write(`${JSON.stringify(await migrateFile(line.trim()))}\n`);
}
