// Every migration, listed statically so it is found the same way under tsx, vitest and a compiled build
// (a folder scan would depend on file extensions and paths). Add new ones at the end, named by ISO date.
import type { Migration } from "kysely";
import * as initial from "./2026-11-21T0000_initial.js";

export const migrations: Readonly<Record<string, Migration>> = {
  "2026-11-21T0000_initial": initial,
};
