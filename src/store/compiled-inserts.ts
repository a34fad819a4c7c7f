// Inserts of many rows made at the pace of traffic (the inbox and outbox rows of stored webhooks), compiled
// once per dialect and row count (docs/architecture.md, "Performance targets"): Kysely builds and compiles an
// insert of thirty rows in about the time SQLite takes to run it, and its SQL depends only on the columns and
// on how many rows there are. Later inserts of as many rows bind their values to the SQL compiled first.
import type { CompiledQuery, Compilable, Kysely } from "kysely";
import type { Database } from "./database.js";
import { readDialect } from "./dialect.js";

type Row = Readonly<Record<string, unknown>>;

interface Template {
  readonly compiled: CompiledQuery;
  /** Every row's columns in the order the SQL lists them. */
  readonly columns: readonly string[];
}

/**
 * `build(db, rows)` compiled, for rows that each have the same columns, in the same order, with a plain value
 * (text, number, bigint, null) in each. A row with another shape, an undefined or an object value (which Kysely
 * would compile into something else than a parameter) is compiled afresh and leaves no template.
 */
export function compiledInserts<R extends Row, Result>(
  build: (db: Kysely<Database>, rows: readonly R[]) => Compilable<Result>,
): (db: Kysely<Database>, rows: readonly R[]) => CompiledQuery<Result> {
  const templates = new Map<string, Template>();
  return (db, rows) => {
    const columns = Object.keys(rows[0] ?? {});
    if (!rows.every((row) => hasPlainValues(row, columns))) return build(db, rows).compile();
    const key = `${readDialect(db)} ${String(rows.length)}`;
    const template = templates.get(key);
    if (template === undefined || !sameColumns(template.columns, columns)) {
      const compiled = build(db, rows).compile();
      templates.set(key, { compiled, columns });
      return compiled;
    }
    const parameters = rows.flatMap((row) => columns.map((column) => row[column]));
    return { ...(template.compiled as CompiledQuery<Result>), parameters };
  };
}

function hasPlainValues(row: Row, columns: readonly string[]): boolean {
  const keys = Object.keys(row);
  if (!sameColumns(keys, columns)) return false;
  return keys.every((key) => {
    const value = row[key];
    return (
      value === null || (value !== undefined && typeof value !== "object" && typeof value !== "function")
    );
  });
}

function sameColumns(one: readonly string[], other: readonly string[]): boolean {
  return one.length === other.length && one.every((column, index) => column === other[index]);
}
