// Lints fixture code as a file at a given path with the repository's eslint.config.js, for the boundary tests.
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { expect, it } from "vitest";

const fixtureName = "boundary-fixture.ts";
// Only type-aware parsing is off for the fixtures, since they are not files on disk.
const eslint = new ESLint({
  cwd: new URL("../..", import.meta.url).pathname,
  overrideConfig: [{ ...tseslint.configs.disableTypeChecked, files: [`**/${fixtureName}`, "src/*.ts"] }],
});
const boundaryRules = [
  "@typescript-eslint/no-restricted-imports",
  "no-restricted-syntax",
  "folders/import-table",
];

/** The messages of the boundary rules for `code` placed in `folder` (or as the file `folder`, for src/x.ts). */
export async function boundaryProblems(folder: string, code: string): Promise<string[]> {
  const filePath = folder.endsWith(".ts") ? folder : `${folder}/${fixtureName}`;
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => boundaryRules.includes(m.ruleId ?? "")).map((m) => m.message);
}

/** An import of `name` from `from`, used so that only the import itself can be at fault. */
export const importing = (name: string, from: string, type = "") =>
  `import ${type}{ ${name} } from "${from}";\nexport ${type === "" ? "const" : "type"} used = ${type === "" ? name : `typeof ${name}`};\n`;

/** An import across a boundary: from `folder` it fails with the boundary's message, from `allowedIn` it passes. */
export interface Crossing {
  readonly boundary: string;
  readonly folder: string;
  readonly code: string;
  readonly allowedIn: string;
}

/** The two tests of every crossing, in the describe block it is called from. */
export function testCrossings(crossings: readonly Crossing[]): void {
  it.each(crossings)("$boundary: an import from $folder fails lint", async ({ boundary, folder, code }) => {
    const problems = await boundaryProblems(folder, code);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(boundary);
  });

  it.each(crossings)("the same import from $allowedIn passes", async ({ allowedIn, code }) => {
    expect(await boundaryProblems(allowedIn, code)).toEqual([]);
  });
}
