// A process that migrates SQLite files on cue: for each line `<database url>` on stdin it opens the file, runs
// migrateToLatest and answers one JSON line, so two of these can be told to migrate one file at the same moment.
import { createInterface } from "node:readline";
import { createDb } from "../../../src/store/create-db.js";
import { migrateToLatest } from "../../../src/store/migrate.js";

async function migrateFile(url: string): Promise<{ applied?: string[]; error?: string }> {
  const store = await createDb(url);
  try {
    return { applied: await migrateToLatest(store.db) };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return { error: `${error instanceof Error ? error.message : String(error)}${cause}` };
  } finally {
    await store.close();
  }
}

process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === "") continue;
  process.stdout.write(`${JSON.stringify(await migrateFile(line.trim()))}\n`);
}
