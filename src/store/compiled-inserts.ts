// Inserts of many rows made at the pace of traffic (the inbox and outbox rows of stored webhooks), compiled
// once per dialect and row count (docs/performance.md): Kysely builds and compiles an
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
    const parameters = readParameters(rows, columns);
    if (parameters === undefined) return build(db, rows).compile();
    const key = `${readDialect(db)} ${String(rows.length)}`;
    const template = templates.get(key);
    if (template === undefined || !sameColumns(template.columns, columns)) {
      const compiled = build(db, rows).compile();
      templates.set(key, { compiled, columns });
      return compiled;
    }
    return { ...(template.compiled as CompiledQuery<Result>), parameters };
  };
}

/**
 * Every row's values in the order of `columns`, row after row: the parameters of a template. Undefined when a
 * row has other columns, or a value that is not plain. One pass, since it runs for every row inserted.
 */
function readParameters(rows: readonly Row[], columns: readonly string[]): unknown[] | undefined {
  const parameters: unknown[] = [];
  for (const row of rows) {
    if (!sameColumns(Object.keys(row), columns)) return undefined;
    for (const column of columns) {
      const value = row[column];
      const plain =
        value === null || (value !== undefined && typeof value !== "object" && typeof value !== "function");
      if (!plain) return undefined;
      parameters.push(value);
    }
  }
  return parameters;
}

function sameColumns(one: readonly string[], other: readonly string[]): boolean {
  return one.length === other.length && one.every((column, index) => column === other[index]);
}
