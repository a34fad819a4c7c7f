// `npm run bench`: runs every benchmark one after another (never in parallel, so they do not disturb each
// other), each printing its figures beside a baseline measured in the same run, and the ratio
// (docs/architecture.md, "Performance targets").
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const folder = fileURLToPath(new URL(".", import.meta.url));
const only = process.argv[2];
const benches = readdirSync(folder)
  .filter((file) => file.endsWith(".ts") && file !== "run-all.ts" && !file.startsWith("support"))
  .filter((file) => only === undefined || file.includes(only))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file}`);
  const result = spawnSync(process.execPath, ["--import", "tsx", `${folder}${file}`], { stdio: "inherit" });
  if (result.status !== 0) failed += 1;
}
console.log(`\n${benches.length - failed} benchmarks met their targets, ${failed} did not.`);
process.exitCode = failed === 0 ? 0 : 1;
