import { sql, type Kysely } from "kysely";
import type { Database } from "./database.js";

/** The readiness check of the database: true once a trivial query came back; a connection failure throws. */
export async function databaseAnswers(db: Kysely<Database>): Promise<boolean> {
  await sql`select 1`.execute(db);
  return true;
}
