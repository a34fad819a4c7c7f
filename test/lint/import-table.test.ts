// docs/architecture.md's "May import" column and the import table of eslint.config.js say the same thing,
// every part of src/ has a row, and neither the table nor the code has a cycle between parts
// (docs/architecture.md, "The rules the linter keeps").
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { listSourceFiles, readSpecifiers } from "../support/source-imports.js";
import { addEdge, findCycles } from "./find-cycles.js";

interface ImportRow {
  readonly may: readonly string[] | "anything";
  readonly types?: readonly string[];
}

const root = fileURLToPath(new URL("../..", import.meta.url));
const configUrl = pathToFileURL(path.join(root, "eslint.config.js")).href;
const { importTable } = (await import(configUrl)) as { importTable: Readonly<Record<string, ImportRow>> };

/** The rows of the "Folders" table that name parts of the bot, keyed by part (`config`, `migrations`…). */
function readDocumentedTable(markdown: string): Record<string, ImportRow> {
  const start = markdown.indexOf("## Folders");
  const section = markdown.slice(start, markdown.indexOf("\n## ", start + 1));
  const rows: Record<string, ImportRow> = {};
  for (const line of section.split("\n")) {
    const [paths, , mayImport, ...rest] = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (paths === undefined || mayImport === undefined || rest.length > 0) continue;
    const parts = [...paths.matchAll(/`(?:src\/([\w-]+)(?:\.ts|\/)|(migrations|scripts)\/)`/g)];
    for (const part of parts) rows[part[1] ?? part[2] ?? ""] = readMayImport(mayImport);
  }
  return rows;
}

/** "anything in `src/`", or backticked parts where "(types)" after one means its types only. */
function readMayImport(cell: string): ImportRow {
  if (cell.startsWith("anything")) return { may: "anything" };
  const may: string[] = [];
  const types: string[] = [];
  for (const [, name = "", note] of cell.matchAll(/`([^`]+)`(?:\s*\(([^)]*)\))?/g)) {
    (note === "types" ? types : may).push(name);
  }
  return types.length > 0 ? { may: may.sort(), types: types.sort() } : { may: may.sort() };
}

function sortRow(row: ImportRow): ImportRow {
  if (row.may === "anything") return row;
  const may = [...row.may].sort();
  return row.types === undefined || row.types.length === 0 ? { may } : { may, types: [...row.types].sort() };
}

/** Whether a row may import `part` (a part that may import anything still may not import what imports it). */
function namesPart(row: ImportRow | undefined, part: string): boolean {
  return row !== undefined && row.may !== "anything" && row.may.some((name) => name.split("/")[0] === part);
}

/** The part of src/ a path under it lands in: `outbox` for src/outbox/…, `config` for src/config.js. */
function readSrcPart(file: string): string | undefined {
  const relative = path.relative(path.join(root, "src"), file).split(path.sep);
  if (relative[0] === ".." || relative[0] === undefined) return undefined;
  return relative[0].replace(/\.[jt]s$/, "");
}

describe("the import table", () => {
  it("is the one docs/architecture.md documents, row for row", () => {
    const documented = readDocumentedTable(readFileSync(path.join(root, "docs/architecture.md"), "utf8"));
    expect(Object.keys(documented)).toContain("store");
    const linted = Object.fromEntries(Object.entries(importTable).map(([part, row]) => [part, sortRow(row)]));
    expect(documented).toEqual(linted);
  });

  it("has a row for every folder and file of src/", () => {
    const parts = readdirSync(path.join(root, "src")).map((name) => name.replace(/\.ts$/, ""));
    expect(parts.filter((part) => importTable[part] === undefined)).toEqual([]);
  });

  it("allows no cycle between parts", () => {
    const edges = new Map<string, Set<string>>();
    for (const [part, row] of Object.entries(importTable)) {
      const targets =
        row.may === "anything"
          ? Object.keys(importTable).filter((target) => !namesPart(importTable[target], part))
          : [...row.may, ...(row.types ?? [])];
      for (const target of targets) addEdge(edges, part, target.split("/")[0] ?? "");
    }
    expect(findCycles(edges)).toEqual([]);
  });
});

describe("the folders of src/", () => {
  it("find a cycle where there is one", () => {
    const edges = new Map<string, Set<string>>();
    addEdge(edges, "webhooks", "http");
    addEdge(edges, "http", "webhooks");
    addEdge(edges, "http", "store");
    addEdge(edges, "store", "store");
    expect(findCycles(edges)).toEqual([["http", "webhooks"]]);
  });

  it("import each other without a cycle", () => {
    const edges = new Map<string, Set<string>>();
    for (const file of listSourceFiles(path.join(root, "src"))) {
      const from = readSrcPart(file);
      for (const specifier of readSpecifiers(readFileSync(file, "utf8"))) {
        if (!specifier.startsWith(".")) continue;
        const to = readSrcPart(path.resolve(path.dirname(file), specifier));
        if (from !== undefined && to !== undefined && to !== from) addEdge(edges, from, to);
      }
    }
    expect(edges.get("bot")?.has("outbox")).toBe(true);
    expect(findCycles(edges)).toEqual([]);
  });
});
