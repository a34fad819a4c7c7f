// Reads made at the pace of traffic (routing a stored webhook and its subscribers' reads, once per commit, and
// the one update made as often, a result's battle cards marked ended), built by Kysely once per shape
// (docs/performance.md). Building and compiling a select with a join took Kysely about as long as SQLite took
// to run it, and its SQL depends only on which arguments are given and how long each list is. The first read
// of a shape is built with a marker in place of each argument value; the compiled query then says which
// parameter is which argument, and later reads of that shape bind their own values to its SQL.
import type { CompiledQuery, Compilable, Kysely } from "kysely";
import type { Database } from "./database.js";
import { readDialect } from "./dialect.js";

/** A value bound as one parameter. */
export type PreparedValue = string | number | bigint;

/** What a prepared read is given: named values and lists of values, each optional. */
export type PreparedArguments = Readonly<
  Record<string, PreparedValue | readonly PreparedValue[] | undefined>
>;

/** Where a parameter of the compiled query comes from: an argument (a list's item), or the query itself. */
type ParameterSource =
  { readonly argument: string; readonly index?: number } | { readonly constant: unknown };

interface Template {
  readonly compiled: CompiledQuery;
  readonly sources: readonly ParameterSource[];
}

/** Shapes a read keeps at most; a read of another shape past them is built as Kysely builds any. */
const maxShapes = 64;

/** Starts every marker: no argument a read is given holds it, since no id, name or pattern does. */
const markerStart = "\u0000prepared:";

/**
 * `build` as a read that Kysely builds once per shape (which arguments are given, each list's length) and
 * dialect. `build` must bind each argument it is given, every item of a list, as a value, unchanged
 * (`where("id", "in", ids)`): a read that binds a value made from one (a pattern), writes one into its SQL or
 * binds one nowhere (it transformed or only read it) is refused when first built, since a later read would
 * bind nothing or the wrong thing; only whether an argument is given may change the query.
 */
export function preparedRead<A extends PreparedArguments, Row>(
  build: (db: Kysely<Database>, args: A) => Compilable<Row>,
): (db: Kysely<Database>, args: A) => Promise<Row[]> {
  const templates = new Map<string, Template>();
  return async (db, args) => {
    const key = shapeOf(readDialect(db), args);
    let template = templates.get(key);
    if (template === undefined) {
      if (templates.size >= maxShapes) return (await db.executeQuery(build(db, args).compile())).rows;
      template = prepare(db, build, args);
      templates.set(key, template);
    }
    const query = { ...template.compiled, parameters: bind(template.sources, args) } as CompiledQuery<Row>;
    return (await db.executeQuery(query)).rows;
  };
}

function shapeOf(dialect: string, args: PreparedArguments): string {
  let shape = dialect;
  for (const name in args) {
    const value = args[name];
    shape +=
      value === undefined
        ? ` ${name}:-`
        : Array.isArray(value)
          ? ` ${name}:${String(value.length)}`
          : ` ${name}`;
  }
  return shape;
}

/** Builds the read with a marker for each value, and reads off which parameter each marker became. */
function prepare<A extends PreparedArguments, Row>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, args: A) => Compilable<Row>,
  args: A,
): Template {
  const markers = new Map<string, ParameterSource>();
  const marked: Record<string, string | string[] | undefined> = {};
  for (const name in args) {
    const value = args[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      marked[name] = value.map((_, index) => {
        const marker = `${markerStart}${name}:${String(index)}`;
        markers.set(marker, { argument: name, index });
        return marker;
      });
    } else {
      const marker = `${markerStart}${name}`;
      markers.set(marker, { argument: name });
      marked[name] = marker;
    }
  }
  const compiled = build(db, marked as unknown as A).compile();
  if (compiled.sql.includes(markerStart)) {
    throw new Error("A prepared read wrote an argument into its SQL instead of binding it");
  }
  const bound = new Set<string>();
  const sources = compiled.parameters.map((parameter): ParameterSource => {
    if (typeof parameter !== "string" || !parameter.includes(markerStart)) return { constant: parameter };
    const source = markers.get(parameter);
    if (source === undefined) throw new Error("A prepared read bound a value it made from an argument");
    bound.add(parameter);
    return source;
  });
  // An argument given but bound nowhere was transformed past recognition (made into JSON, say) or read by the
  // build itself: either way a later read would not bind its own value.
  if (bound.size !== markers.size) throw new Error("A prepared read did not bind an argument it was given");
  return { compiled, sources };
}

function bind(sources: readonly ParameterSource[], args: PreparedArguments): unknown[] {
  const parameters: unknown[] = [];
  for (const source of sources) {
    if ("constant" in source) {
      parameters.push(source.constant);
      continue;
    }
    const value = args[source.argument];
    parameters.push(source.index === undefined ? value : (value as readonly PreparedValue[])[source.index]);
  }
  return parameters;
}
