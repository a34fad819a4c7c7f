// `bench/memory.ts --compiled`: the bot as a build deploys it (`npm run build`: tsc, then the bundle of
// build-bundle.ts), run by plain node.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { bundleBot } from "../../build-bundle.js";

/**
 * Compiles src, migrations and bench/support with the build's settings into node_modules/.cache (so
 * packages still resolve from the repo's node_modules), bundles the bot there as the build does (its
 * `main.js`), and returns that folder. The folder is this process's own: checkouts that share one
 * node_modules can run the benchmark at the same time.
 */
export function compileForBench(repoRoot: string): string {
  const outDir = path.join(repoRoot, "node_modules", ".cache", `bench-memory-${process.pid}`);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const config = path.join(outDir, "tsconfig.json");
  writeFileSync(
    config,
    JSON.stringify({
      extends: path.join(repoRoot, "tsconfig.build.json"),
      compilerOptions: { outDir, rootDir: repoRoot, sourceMap: false },
      include: ["src", "migrations", "bench/support"].map((folder) => path.join(repoRoot, folder)),
    }),
  );
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const result = spawnSync(process.execPath, [tsc, "-p", config], { cwd: repoRoot, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`tsc failed:\n${result.stdout}${result.stderr}`);
  bundleBot(outDir);
  return outDir;
}
