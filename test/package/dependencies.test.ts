// Each of the five programs declares what its own code uses (docs/architecture.md, "Folders"): the bot's
// production dependencies are exactly the packages src/, migrations/ and scripts/ use, and each workspace's
// are exactly those of its folder. test/ resolves packages from the root's node_modules, where npm installs
// the one copy of a package every program declares with the same range.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  readImportedPackages,
  readManifest,
  readPackageName,
  readSpecifiers,
  type PackageManifest,
} from "../support/source-imports.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const rootManifest = readManifest(root);
const workspaces = (rootManifest.workspaces ?? []).map((folder) => ({
  folder,
  manifest: readManifest(path.join(root, folder)),
}));
const inRoot = (folders: readonly string[]) => folders.map((folder) => path.join(root, folder));
const keysOf = (record: Readonly<Record<string, string>> | undefined) => Object.keys(record ?? {}).sort();

/** `npm start` runs the sources through tsx, so the bot depends on it without importing it. */
const startRunner = "tsx";

describe("reading a folder's packages", () => {
  it("finds every form of use and leaves out relative paths and Node's modules", () => {
    const text = [
      'import { z } from "zod";',
      'import type { Kysely } from "kysely";',
      'export { Routes } from "discord-api-types/v10";',
      'const pg = await import("pg");',
      'require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf");',
      'import { readFile } from "node:fs/promises";',
      'import { join } from "path";',
      'import { clock } from "../clock.js";',
      'import { pathsList } from "#discord-api-spec";',
    ].join("\n");
    const names = readSpecifiers(text).map(readPackageName);
    expect(names.filter((name) => name !== undefined).sort()).toEqual([
      "@expo-google-fonts/inter",
      "discord-api-types",
      "kysely",
      "pg",
      "zod",
    ]);
  });

  it("finds the packages the bot is known to use", () => {
    expect(readImportedPackages(inRoot(["src"]))).toEqual(
      expect.arrayContaining(["fastify", "kysely", "@expo-google-fonts/inter"]),
    );
  });
});

describe("the bot's package", () => {
  it("runs npm start through its start runner", () => {
    expect(rootManifest.scripts?.["start"]).toMatch(new RegExp(`^${startRunner} `));
  });

  it("depends in production on exactly what src/, migrations/ and scripts/ use", () => {
    const used = readImportedPackages(inRoot(["src", "migrations", "scripts"]));
    expect(keysOf(rootManifest.dependencies)).toEqual([...new Set([...used, startRunner])].sort());
  });
});

describe("the workspaces", () => {
  it("are the stand-ins and the benchmarks", () => {
    expect(workspaces.map(({ folder }) => folder).sort()).toEqual([
      "bench",
      "fake-discord",
      "playground",
      "sandbox",
    ]);
  });

  it.each(workspaces)("$folder depends on exactly what its own code uses", ({ folder, manifest }) => {
    expect(keysOf(manifest.dependencies)).toEqual(readImportedPackages(inRoot([folder])));
  });

  it.each(workspaces)("the development dependencies of $folder are used by test/", ({ manifest }) => {
    const usedByTests = readImportedPackages(inRoot(["test"]));
    expect(keysOf(manifest.devDependencies).filter((name) => !usedByTests.includes(name))).toEqual([]);
  });
});

describe("one install for five programs", () => {
  const manifests: PackageManifest[] = [rootManifest, ...workspaces.map(({ manifest }) => manifest)];
  const declared = manifests.flatMap((manifest) =>
    Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).map(([name, range]) => ({
      name,
      range,
      by: manifest.name,
    })),
  );

  it("declares every package test/ uses", () => {
    const names = new Set(declared.map(({ name }) => name));
    expect(readImportedPackages(inRoot(["test"])).filter((name) => !names.has(name))).toEqual([]);
  });

  it("asks for one range of a package wherever it is declared, so npm installs one copy at the root", () => {
    const ranges = new Map<string, Set<string>>();
    for (const { name, range } of declared) ranges.set(name, (ranges.get(name) ?? new Set()).add(range));
    const split = [...ranges].filter(([, found]) => found.size > 1).map(([name]) => name);
    expect(split).toEqual([]);
  });
});
