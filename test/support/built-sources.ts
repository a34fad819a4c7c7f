// The bot's sources as plain JavaScript, built once per run for the tests that start the bot as a process
// (test/e2e/support/bot-process.ts). Through tsx every start transformed the whole module graph again and
// loaded each dependency through its hooks, about 1.5 s of a loaded core per start; a built start takes a
// third of that, and runs JavaScript as `npm run start:built` does in production. esbuild only strips the
// types, file by file (no bundle), so each module keeps its path and its imports, and packages resolve from
// the repository's node_modules as they do for the sources.
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { TestProject } from "vitest/node";
import { bundleBot } from "../../build-bundle.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** This run's built sources: `<folder>/src/x.js` is `src/x.ts`, and `<folder>/main.js` the bundle. */
    builtSourcesFolder: string;
  }
}

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

/** The folders a started process loads code from: the bot, its migrations and scripts, the tests' entries. */
const builtFolders = ["src", "migrations", "scripts", "test/e2e/support", "test/store/support"];

function sourcesOf(folder: string): string[] {
  return readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|js)$/.test(name) && !name.endsWith(".d.ts"))
    .map((name) => path.join(repoRoot, folder, name));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Inside node_modules, so the built files find the packages as the sources do, and no tool lists them.
  const folder = path.join(
    repoRoot,
    "node_modules",
    ".cache",
    `built-sources-${randomBytes(4).toString("hex")}`,
  );
  await build({
    entryPoints: builtFolders.flatMap(sourcesOf),
    outdir: folder,
    outbase: repoRoot,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: "inline",
    logLevel: "error",
  });
  // `src/main.ts` runs as `npm run start:built` runs it: the build's bundle, `<folder>/main.js`.
  bundleBot(folder);
  project.provide("builtSourcesFolder", folder);
  return () => rm(folder, { recursive: true, force: true });
}
