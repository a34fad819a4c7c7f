// SANDBOX_KEYS: comma-separated `level:KEY` or `level:KEY:shape`, e.g. `read:KEY1,write:KEY2:B,admin:KEY3`.
// The seeded keys are then exactly these, the n-th belonging to the n-th seeded user.
import type { Level, Shape } from "../state.js";

export interface KeySpec {
  level: Level;
  key: string;
  shape: Shape | undefined;
}

const entryPattern = /^(read|write|admin):([A-Za-z0-9._~+/=-]+)(?::([AB]))?$/;

/** Parses the setting; throws an Error naming the first bad entry. */
export function parseKeySpecs(value: string): KeySpec[] {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  if (entries.length === 0) throw new Error("SANDBOX_KEYS lists no key");
  return entries.map((entry) => {
    const match = entryPattern.exec(entry);
    if (match === null)
      throw new Error(
        `SANDBOX_KEYS entry "${entry.split(":")[0] ?? ""}:…" must look like level:KEY or level:KEY:A|B`,
      );
    return { level: match[1] as Level, key: match[2] ?? "", shape: match[3] as Shape | undefined };
  });
}
