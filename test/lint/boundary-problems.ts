// Lints fixture code as a file at a given path with the repository's eslint.config.js, for the boundary tests.
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";

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
