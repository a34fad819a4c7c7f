// Re-sealing a column's secrets under the current key, so an old key can leave ENCRYPTION_KEYS
// (docs/architecture.md, "The rules the code keeps"). Each store module describes its own sealed columns
// (describeSealedColumn), keeping its associated data private; this module walks one column in batches.
import { sql, type Kysely, type Selectable } from "kysely";
import { SecretDecryptionError, type SecretBox } from "../secrets/secret-box.js";
import type { Database } from "./database.js";
import { readDialect } from "./dialect.js";

export interface ResealCounts {
  /** Opened with an older key and sealed again with the current one. */
  readonly resealed: number;
  /** Already sealed with the current key. */
  readonly alreadyCurrent: number;
  /** Opened by no key of the ring: left as they are. */
  readonly unreadable: number;
}

export interface ResealOptions {
  /** Checked between batches: a stopping bot ends the walk there. */
  readonly signal?: AbortSignal | undefined;
  readonly batchSize?: number | undefined;
}

type TextColumn<Table extends keyof Database> = {
  [Column in keyof Selectable<Database[Table]>]: Selectable<Database[Table]>[Column] extends string
    ? Column
    : never;
}[keyof Selectable<Database[Table]>] &
  string;

/** A text column that may be null: a row without a secret of that kind is neither counted nor read. */
type NullableTextColumn<Table extends keyof Database> = {
  [Column in keyof Selectable<Database[Table]>]: Selectable<Database[Table]>[Column] extends string | null
    ? Column
    : never;
}[keyof Selectable<Database[Table]>] &
  string;

export interface SealedColumnSpec<Table extends keyof Database> {
  readonly table: Table;
  /** The primary key, a text column: batches are read in its order. */
  readonly key: TextColumn<Table>;
  /** Null where a row has nothing sealed there (SQL compares null with nothing, so such rows are skipped). */
  readonly column: NullableTextColumn<Table>;
  associatedData(row: Selectable<Database[Table]>): string;
}

type StoredRow = Record<string, unknown>;

/** A sealed column with its table's types erased, so one list holds the columns of every table. */
export interface SealedColumn {
  readonly table: string;
  readonly key: string;
  readonly column: string;
  associatedData(row: StoredRow): string;
}

export function describeSealedColumn<Table extends keyof Database>(
  spec: SealedColumnSpec<Table>,
): SealedColumn {
  return {
    table: spec.table,
    key: spec.key,
    column: spec.column,
    associatedData: (row) => spec.associatedData(row as Selectable<Database[Table]>),
  };
}

/** The queries below name their table and columns at run time; SealedColumnSpec checked the names. */
function loosen(db: Kysely<Database>): Kysely<Record<string, StoredRow>> {
  return db as unknown as Kysely<Record<string, StoredRow>>;
}

const defaultBatchSize = 500;

/**
 * Seals again with the current key every value of the column sealed with another, `batchSize` rows per
 * transaction in primary-key order, so a large table is never held in memory. When every value is current this
 * is two scans of the column and no write. There is no index on the key prefix: an index on the ciphertext
 * would cost every write and could pass PostgreSQL's limit on index entries with a long OAuth token.
 */
export async function resealColumn(
  db: Kysely<Database>,
  box: SecretBox,
  sealed: SealedColumn,
  options: ResealOptions = {},
): Promise<ResealCounts> {
  const batchSize = options.batchSize ?? defaultBatchSize;
  const counts = { resealed: 0, alreadyCurrent: await countCurrent(db, box, sealed), unreadable: 0 };
  let after: string | undefined;
  do {
    options.signal?.throwIfAborted();
    const from = after;
    after = await inWriteTransaction(db, async (trx) => {
      const rows = await readStaleBatch(trx, box, sealed, { after: from, limit: batchSize });
      for (const row of rows) {
        const outcome = await resealRow(trx, box, sealed, row);
        if (outcome !== "gone") counts[outcome] += 1;
      }
      const last = rows.at(-1);
      return rows.length < batchSize || last === undefined ? undefined : String(last[sealed.key]);
    });
  } while (after !== undefined);
  return counts;
}

export type ResealOutcome = keyof ResealCounts | "gone";

/**
 * Re-seals one row as it was read. The write applies only while the stored value is still the one read
 * (compare-and-set): a credential a refresh stored meanwhile is read again and re-sealed if need be, never
 * replaced by the older one.
 */
export async function resealRow(
  db: Kysely<Database>,
  box: SecretBox,
  sealed: SealedColumn,
  read: StoredRow,
): Promise<ResealOutcome> {
  let row: StoredRow | undefined = read;
  while (row !== undefined) {
    const ciphertext = String(row[sealed.column]);
    if (ciphertext.startsWith(box.currentKeyPrefix)) return "alreadyCurrent";
    const associatedData = sealed.associatedData(row);
    const plaintext = openOrUndefined(box, ciphertext, associatedData);
    if (plaintext === undefined) return "unreadable";
    const result = await loosen(db)
      .updateTable(sealed.table)
      .set({ [sealed.column]: box.seal(plaintext, associatedData) })
      .where(sealed.key, "=", row[sealed.key])
      .where(sealed.column, "=", ciphertext)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) return "resealed";
    row = await loosen(db)
      .selectFrom(sealed.table)
      .selectAll()
      .where(sealed.key, "=", row[sealed.key])
      .executeTakeFirst();
  }
  return "gone";
}

/** The opened value, or undefined when no key of the ring opens it (SecretDecryptionError); other errors throw. */
export function openOrUndefined(
  box: SecretBox,
  ciphertext: string,
  associatedData: string,
): string | undefined {
  try {
    return box.open(ciphertext, associatedData);
  } catch (error) {
    if (error instanceof SecretDecryptionError) return undefined;
    throw error;
  }
}

/** The start of the stored value, as long as the current key's prefix: compared exactly on both dialects. */
function keyPrefixOf(sealed: SealedColumn, box: SecretBox) {
  return sql<string>`substr(${sql.ref(sealed.column)}, 1, ${sql.lit(box.currentKeyPrefix.length)})`;
}

async function countCurrent(db: Kysely<Database>, box: SecretBox, sealed: SealedColumn): Promise<number> {
  const row = await loosen(db)
    .selectFrom(sealed.table)
    .select((eb) => eb.fn.countAll().as("count"))
    .where(keyPrefixOf(sealed, box), "=", box.currentKeyPrefix)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function readStaleBatch(
  db: Kysely<Database>,
  box: SecretBox,
  sealed: SealedColumn,
  page: { readonly after: string | undefined; readonly limit: number },
): Promise<StoredRow[]> {
  let query = loosen(db)
    .selectFrom(sealed.table)
    .selectAll()
    .where(keyPrefixOf(sealed, box), "<>", box.currentKeyPrefix);
  if (page.after !== undefined) query = query.where(sealed.key, ">", page.after);
  return query.orderBy(sealed.key).limit(page.limit).execute();
}

/**
 * On SQLite the batch takes the write lock up front (BEGIN IMMEDIATE, as migrate.ts does), so `npm run
 * secrets:reseal` waits for a running bot's write instead of failing when its read turns into a write.
 */
async function inWriteTransaction<Result>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<Result>,
): Promise<Result> {
  if (readDialect(db) !== "sqlite") return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}
