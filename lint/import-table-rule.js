// @ts-check
// The rule that keeps docs/architecture.md's "May import" column (eslint.config.js holds the table): each
// relative import from one part of the bot into another is resolved to the part it lands in and checked
// against the importing part's row. A part is a folder `src/x/` or a file `src/x.ts` (both are `x`), or one
// of `migrations/` and `scripts/`; imports of anything else (packages, the stand-ins) are other rules' work.
import path from "node:path";

/**
 * @typedef {{ may: readonly string[] | "anything", types?: readonly string[] }} ImportRow
 * @typedef {{ name: string, from: readonly string[] | "anything", to: string, message: string }} ImportReason
 * @typedef {{ part: string, inner: string, label: string }} Place
 * @typedef {{
 *   root: string,
 *   table: Readonly<Record<string, ImportRow>>,
 *   shared: { may: readonly string[], types: readonly string[] },
 *   leaves: readonly string[],
 *   reasons: readonly ImportReason[],
 * }} ImportTableOptions
 */

/** @type {(root: string, file: string) => Place | undefined} Where a file sits, if it is the bot's. */
function locate(root, file) {
  const relative = path
    .relative(root, file)
    .split(path.sep)
    .join("/")
    .replace(/\.[cm]?[jt]s$/, "");
  const [top = "", part = ""] = relative.split("/");
  if (top === "src" && part !== "") {
    const inner = relative.slice("src/".length);
    return { part, inner, label: inner.includes("/") ? `src/${part}/` : `src/${part}.ts` };
  }
  return ["migrations", "scripts"].includes(top)
    ? { part: top, inner: relative, label: `${top}/` }
    : undefined;
}

/** @type {(entries: readonly string[], target: Place) => boolean} `x` names the part, `x/y.ts` a file in it. */
function namesAny(entries, target) {
  return entries.some((entry) => {
    const name = entry.replace(/\.ts$/, "");
    return target.inner === name || target.inner.startsWith(`${name}/`);
  });
}

/** @type {(node: any) => boolean} `import type`, `export type … from`, or every specifier marked `type`. */
function namesTypesOnly(node) {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  /** @type {any[]} */
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === "type" || s.exportKind === "type");
}

/** @type {(row: ImportRow) => string} */
function describeRow(row) {
  if (row.may === "anything") return "anything";
  const names = [...row.may, ...(row.types ?? []).map((name) => `${name} (types)`)];
  return names.length === 0 ? "nothing of the bot" : names.join(", ");
}

/**
 * @type {(table: ImportTableOptions["table"], source: Place, target: Place) => string | undefined}
 * A part that may import anything still may not import a part that imports it: that would be a cycle.
 */
function refuseImportBack(table, source, target) {
  const back = table[target.part]?.may;
  if (back === undefined || back === "anything" || !namesAny(back, source)) return undefined;
  return `${source.label} may not import ${target.label}: ${target.part} imports ${source.part}, and parts import each other in one direction only (docs/architecture.md, "Folders").`;
}

/**
 * @type {(options: ImportTableOptions, source: Place, target: Place, typesOnly: boolean) => string | undefined}
 * Why an import from `source` into `target` breaks the table, or undefined when the table allows it.
 */
function refuseImport({ table, shared, leaves, reasons }, source, target, typesOnly) {
  const row = table[source.part];
  if (target.part === source.part) return undefined;
  if (row?.may === "anything") return refuseImportBack(table, source, target);
  if (row === undefined)
    return `${source.label} has no row in the import table of eslint.config.js; add one there and in docs/architecture.md, "Folders".`;
  const everywhere = source.label.startsWith("src/") && !leaves.includes(source.part) ? shared : undefined;
  const may = [...row.may, ...(everywhere?.may ?? [])];
  const types = [...may, ...(row.types ?? []), ...(everywhere?.types ?? [])];
  if (namesAny(typesOnly ? types : may, target)) return undefined;
  if (namesAny(types, target))
    return `${source.label} may import ${target.label} for its types only (import type): docs/architecture.md, "Folders".`;
  const reason = reasons.find(
    (r) => r.to === target.part && (r.from === "anything" || r.from.includes(source.part)),
  );
  if (reason !== undefined) return `${reason.name}. ${reason.message}`;
  return `${source.label} may not import ${target.label}: ${source.part} may import ${describeRow(row)} (docs/architecture.md, "Folders").`;
}

/** @type {(options: ImportTableOptions) => import("eslint").Rule.RuleModule} */
export function createImportTableRule(options) {
  return {
    meta: { type: "problem", schema: [] },
    create(context) {
      const source = locate(options.root, context.filename);
      if (source === undefined) return {};

      /** @type {(node: any, typesOnly: boolean) => void} */
      function check(node, typesOnly) {
        const specifier = node.source?.value;
        if (typeof specifier !== "string" || !specifier.startsWith(".") || source === undefined) return;
        const target = locate(options.root, path.resolve(path.dirname(context.filename), specifier));
        const message = target === undefined ? undefined : refuseImport(options, source, target, typesOnly);
        if (message !== undefined) context.report({ node: node.source, message });
      }

      return {
        ImportDeclaration: (node) => check(node, namesTypesOnly(node)),
        ExportNamedDeclaration: (node) => check(node, namesTypesOnly(node)),
        ExportAllDeclaration: (node) => check(node, namesTypesOnly(node)),
        ImportExpression: (node) => check(node, false),
      };
    },
  };
}
