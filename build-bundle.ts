// The second step of `npm run build` (after tsc, which checks and emits every module): the bot bundled into
// `dist/` (docs/performance.md, memory): `main.js` and the chunks it loads, the SQLite
// thread's entry and the batched writes that thread imports. An ES module costs Node 20 about 30 KB more than
// the same code bundled, and the bot is some 700 of them: bundled, `npm run start:built` uses about 16 MB
// less. Kysely and zod go inside too (bundledPackages); the other packages stay as installed, resolved from
// node_modules. The code finds the other files beside itself (`new URL("./sqlite-thread.js",
// import.meta.url)`), so all of them go to one folder.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync, type BuildOptions } from "esbuild";

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

/**
 * Packages bundled into `main.js`'s chunks rather than loaded from node_modules: pure JavaScript of a few
 * hundred ES modules between them (Kysely alone is 262). zod goes in with the one package that imports it, so
 * the route schemas and fastify-type-provider-zod share one copy of it; what that package imports comes along
 * (@fastify/error, CommonJS).
 */
const bundledPackages = new Set(["kysely", "zod", "fastify-type-provider-zod"]);

/** The bot's other dependencies, and their subpaths: loaded from node_modules as installed. */
function externalPackages(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(manifest.dependencies ?? {})
    .filter((name) => !bundledPackages.has(name))
    .flatMap((name) => [name, `${name}/*`]);
}

/**
 * Bundles the bot into `outdir`: `main.js` and its chunks, `sqlite-thread.js`, `batched-writes.js`, and their
 * maps.
 */
export function bundleBot(outdir: string): void {
  const common = {
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // Error and class names stay as written: the logs and the thread's error messages carry them.
    keepNames: true,
    // Without comments and indentation the files are pure ASCII, and V8 keeps each file's text in memory,
    // twice as large when a single character is not: about 4.5 MB less across the bot's two threads. Names
    // are kept, and the source maps give traces their source lines (docs/operations.md, "5. Start it").
    minifyWhitespace: true,
    sourcemap: true,
    logLevel: "warning",
    // A bundled package written as CommonJS (@fastify/error, which fastify-type-provider-zod requires) calls
    // `require`, which an ES module lacks: each file gets one, resolving from where the file lies.
    banner: {
      js: 'import { createRequire as createRequireOfBundle } from "node:module";\nconst require = createRequireOfBundle(import.meta.url);',
    },
  } satisfies BuildOptions;
  buildSync({
    ...common,
    entryPoints: {
      main: path.join(repoRoot, "src/main.ts"),
      "sqlite-thread": path.join(repoRoot, "src/store/sqlite-thread/sqlite-thread.js"),
    },
    outdir,
    external: externalPackages(),
    // `src/main.ts` imports the rest of the bot only once the settings hold: split, that import stays a
    // chunk of its own, loaded then, so a mistyped setting is still reported without loading the bot.
    splitting: true,
  });
  // The writer's thread imports only this: the batched writes with the packages they use (Kysely, zod)
  // inside, and Kysely's classes for the thread itself (thread-batch.js), so the thread loads one file
  // instead of some 420 modules, 8 to 9 MB less. better-sqlite3 is native: the thread loads it from
  // node_modules.
  buildSync({
    ...common,
    stdin: {
      contents: [
        'export { batchedWrites } from "./src/bot/batched-writes.ts";',
        'export { Kysely, SqliteDialect } from "kysely";',
      ].join("\n"),
      resolveDir: repoRoot,
      sourcefile: "batched-writes-bundle.ts",
      loader: "ts",
    },
    outfile: path.join(outdir, "batched-writes.js"),
    external: ["better-sqlite3"],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) bundleBot(path.join(repoRoot, "dist"));
