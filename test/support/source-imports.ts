// What source files import, read from their text: every import, export-from, dynamic import and
// `require.resolve` of a literal specifier (the chart and the playground resolve font files that way).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import ts from "typescript";

export interface PackageManifest {
  readonly name: string;
  readonly workspaces?: readonly string[];
  readonly scripts?: Readonly<Record<string, string>>;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  /** Subpath imports ("#name"), each a target or `{ types, default }` targets by condition. */
  readonly imports?: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
}

export function readManifest(folder: string): PackageManifest {
  return JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as PackageManifest;
}

/** `@scope/name` or `name` for a bare specifier; undefined for relative paths and Node's own modules. */
export function readPackageName(specifier: string): string | undefined {
  if (/^[./#]/.test(specifier) || isBuiltin(specifier)) return undefined;
  const parts = specifier.split("/");
  return (specifier.startsWith("@") ? parts.slice(0, 2) : parts.slice(0, 1)).join("/");
}

/** The specifiers one file's text names. */
export function readSpecifiers(text: string): string[] {
  const imported = ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
  const resolved = [...text.matchAll(/require\.resolve\(\s*["']([^"']+)["']/g)].map(
    (match) => match[1] ?? "",
  );
  return [...imported, ...resolved];
}

/** The .ts and .js files under `folder`, node_modules left out. */
export function listSourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : listSourceFiles(file);
    return /\.(ts|js)$/.test(entry.name) ? [file] : [];
  });
}

/** The packages the code under `folders` uses, sorted. */
export function readImportedPackages(folders: readonly string[]): string[] {
  const names = new Set<string>();
  for (const folder of folders) {
    for (const file of listSourceFiles(folder)) {
      for (const specifier of readSpecifiers(readFileSync(file, "utf8"))) {
        const name = readPackageName(
          specifier.startsWith("#") ? readImportTarget(folder, specifier) : specifier,
        );
        if (name !== undefined) names.add(name);
      }
    }
  }
  return [...names].sort();
}

/** What a subpath import ("#discord-api-spec") of the folder's package.json stands for at run time. */
function readImportTarget(folder: string, specifier: string): string {
  const manifestFile = path.join(folder, "package.json");
  const target = existsSync(manifestFile) ? readManifest(folder).imports?.[specifier] : undefined;
  return (typeof target === "string" ? target : target?.["default"]) ?? specifier;
}
