// What SQLite plans for the statements a store function sends: each statement is recorded as it goes, then
// explained (EXPLAIN QUERY PLAN) with the same parameters, and its plan's lines joined in one string.
import {
  CompiledQuery,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import type { Database } from "../../../src/store/database.js";

export async function planQueriesOf(
  db: Kysely<Database>,
  run: (db: Kysely<Database>) => Promise<unknown>,
): Promise<string[]> {
  const sent: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      sent.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> =>
      Promise.resolve(result),
  };
  await run(db.withPlugin(recorder));
  const plans: string[] = [];
  for (const query of sent) {
    const explained = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    plans.push(explained.rows.map((row) => row.detail).join("\n"));
  }
  return plans;
}
