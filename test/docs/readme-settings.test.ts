// The settings live in three places (src/config.ts, .env.example, the README's table); these tests keep
// them in step, and keep the README's commands pointing at scripts and files that exist.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const readme = readFileSync(`${root}README.md`, "utf8");
const envExample = readFileSync(`${root}.env.example`, "utf8");
/** The operator's guide, split from the README: its commands are checked as the README's are. */
const operations = readFileSync(`${root}docs/operations.md`, "utf8");
const packageScripts = Object.keys(
  (JSON.parse(readFileSync(`${root}package.json`, "utf8")) as { scripts: Record<string, string> }).scripts,
);

/** `NAME=` lines, including commented-out ones (`# NAME=`), which document a setting just the same. */
function readExampleVariables(text: string): string[] {
  return [...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1] ?? "");
}

/** The variables loadConfig looks up, observed by handing it an environment that records every read. */
function readConfigVariables(): string[] {
  const read = new Set<string>();
  const environment = new Proxy<Record<string, string | undefined>>(
    {},
    {
      get(_target, name) {
        if (typeof name === "string") read.add(name);
        return undefined;
      },
    },
  );
  loadConfig(environment, "migrate");
  return [...read];
}

describe("the settings documentation", () => {
  it("finds the settings it checks", () => {
    expect(readExampleVariables(envExample)).toContain("DISCORD_TOKEN");
    expect(readConfigVariables()).toContain("DATABASE_URL");
    expect(readExampleVariables("# LOG_LEVEL=info\nnot a setting\n# See https://x.example/A=B")).toEqual([
      "LOG_LEVEL",
    ]);
  });

  it("names every variable of .env.example in the README", () => {
    const missing = readExampleVariables(envExample).filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it("lists in .env.example every variable src/config.ts reads", () => {
    const documented = new Set(readExampleVariables(envExample));
    const missing = readConfigVariables().filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function listAnchors(markdown: string): string[] {
  return [...markdown.matchAll(/^#+ (.+)$/gm)].map((match) =>
    (match[1] ?? "")
      .trim()
      .toLowerCase()
      .replace(/[^\w\- ]/g, "")
      .replaceAll(" ", "-"),
  );
}

describe.each([
  ["README.md", readme],
  ["docs/operations.md", operations],
])("the commands of %s", (_name, text) => {
  it("run npm scripts that package.json has", () => {
    const named = [...text.matchAll(/npm run ([a-z][\w:-]*)/g)].map((match) => match[1] ?? "");
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((script) => !packageScripts.includes(script))).toEqual([]);
  });

  it("run files that exist", () => {
    const files = [...text.matchAll(/--import tsx ([\w./-]+\.ts)/g)].map((match) => match[1] ?? "");
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => !existsSync(`${root}${file}`))).toEqual([]);
  });
});

describe("the README and the operator's guide", () => {
  it("link each other's sections by headings that exist", () => {
    const links = [
      ...[...readme.matchAll(/\]\(docs\/operations\.md#([\w-]+)\)/g)].map((m) => ["operations", m[1]]),
      ...[...operations.matchAll(/\]\(\.\.\/README\.md#([\w-]+)\)/g)].map((m) => ["readme", m[1]]),
      ...[...operations.matchAll(/\]\(#([\w-]+)\)/g)].map((m) => ["operations", m[1]]),
    ];
    expect(links.length).toBeGreaterThan(10);
    const anchors = { operations: listAnchors(operations), readme: listAnchors(readme) };
    const broken = links.filter(
      ([file, anchor]) => !anchors[file as keyof typeof anchors].includes(anchor ?? ""),
    );
    expect(broken).toEqual([]);
  });

  it("says where the plain-HTTP port listens in production", () => {
    expect(operations).toMatch(
      /With `NODE_ENV=production` and `HOST` unset, the bot listens on\s+`127\.0\.0\.1`/,
    );
    expect(readme).toContain("`HOST` unset is `127.0.0.1` with `NODE_ENV=production`");
  });
});
