// What `npm run build` bundles (build-bundle.ts) keeps the bot's memory down (docs/performance.md, memory):
// files V8 can hold at one byte a character, and packages a bot on SQLite never uses left out of what it loads
// at start.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";

/** This run's bundle, which test/support/built-sources.ts built for the e2e tests: its files sit at the top. */
let folder: string;
let files: { readonly name: string; readonly text: string }[];

beforeAll(() => {
  folder = inject("builtSourcesFolder");
  files = readdirSync(folder)
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({ name, text: readFileSync(path.join(folder, name), "utf8") }));
});

/** The files that import `specifier` statically (`import … from "x"` or `import "x"`), not through `import()`. */
function importingStatically(specifier: string): string[] {
  const quoted = JSON.stringify(specifier).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const statically = new RegExp(`(?:\\bfrom\\s*|\\bimport\\s*)${quoted}`);
  return files.filter(({ text }) => statically.test(text)).map(({ name }) => name);
}

describe("the bundle", () => {
  it("holds the bot, the SQLite thread's entry and the batched writes", () => {
    expect(files.map(({ name }) => name)).toEqual(
      expect.arrayContaining(["main.js", "sqlite-thread.js", "batched-writes.js"]),
    );
  });

  it("is ASCII in every file, so V8 keeps its text at one byte a character", () => {
    const notAscii = files
      .filter(({ name }) => readFileSync(path.join(folder, name)).some((byte) => byte > 0x7f))
      .map(({ name }) => name);
    expect(notAscii).toEqual([]);
  });

  it("imports pg only in the PostgreSQL opener's chunk, which createDb imports for a postgres:// URL", () => {
    const importers = importingStatically("pg");
    expect(importers).toHaveLength(1);
    expect(importers[0]).toMatch(/^open-postgres-/);
    const opener = importers[0] ?? "";
    const loadedBy = files.filter(({ text }) => text.includes(`"./${opener}"`));
    expect(loadedBy.length).toBeGreaterThan(0);
    for (const { text } of loadedBy) expect(text).toContain(`import("./${opener}")`);
    expect(importingStatically(`./${opener}`)).toEqual([]);
  });

  it("loads resvg's native library only when a chart is drawn", () => {
    expect(importingStatically("@resvg/resvg-js")).toEqual([]);
    expect(files.some(({ text }) => text.includes('import("@resvg/resvg-js")'))).toBe(true);
  });

  it("carries Kysely and zod inside, and imports neither from node_modules", () => {
    expect(importingStatically("kysely")).toEqual([]);
    expect(importingStatically("zod")).toEqual([]);
    expect(importingStatically("zod/v4/core")).toEqual([]);
    const loadingPackage = files.filter(({ text }) =>
      /\bimport\(\s*"(?:kysely|zod)(?:\/[^"]*)?"\s*\)/.test(text),
    );
    expect(loadingPackage.map(({ name }) => name)).toEqual([]);
    // Kysely's class, as esbuild writes a class it keeps the name of.
    const withKysely = files.filter(({ text }) => /\bKysely\s*=\s*class\b/.test(text));
    expect(withKysely.map(({ name }) => name)).toEqual(expect.arrayContaining(["batched-writes.js"]));
    expect(withKysely.length).toBeGreaterThan(1);
  });
});
