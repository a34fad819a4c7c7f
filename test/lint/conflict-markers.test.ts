// No tracked file keeps a merge's conflict markers. Prettier reformats a marker left in Markdown into a quote
// (`> > > > > > > branch`), which then passes `npm run lint`; docs/operations.md once shipped two versions of
// a section that way.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const repoRoot = join(import.meta.dirname, "..", "..");

/** A conflict's opening, middle or closing line, and the closing line as Prettier rewrites it in Markdown. */
const markerLine = /^(?:<{7}|={7}|>{7})(?: |$)|^(?:> ){6}>(?: |$)/;

function findConflictMarkers(text: string): number[] {
  return text.split("\n").flatMap((line, index) => (markerLine.test(line) ? [index + 1] : []));
}

describe("conflict markers", () => {
  it("finds each kind of marker line, the one Prettier rewrites too, and nothing in ordinary text", () => {
    const text = [
      "<<<<<<< HEAD",
      "kept",
      "=======",
      "theirs",
      ">>>>>>> other-branch",
      "> > > > > > > other-branch",
      "a quote:",
      "> quoted text",
      "===",
      "x <<<<<<< y",
    ].join("\n");
    expect(findConflictMarkers(text)).toEqual([1, 3, 5, 6]);
  });

  it("are in no tracked file", () => {
    const files = execFileSync("git", ["ls-files", "-z"], { cwd: repoRoot, encoding: "utf8" })
      .split("\0")
      // A file deleted and not yet committed is no longer there to read.
      .filter((file) => file !== "" && !file.endsWith(".png") && existsSync(join(repoRoot, file)));
    const found = files.flatMap((file) => {
      const lines = findConflictMarkers(readFileSync(join(repoRoot, file), "utf8"));
      return lines.map((line) => `${file}:${String(line)}`);
    });
    expect(found).toEqual([]);
  });
});
