// The column shapes every table shares (database.ts).
import type { ColumnType } from "kysely";

/** Milliseconds since the Unix epoch. */
export type Millis = number;
/** Set on insert, never updated. */
export type Immutable<T> = ColumnType<T, T, never>;
