/** Every problem found in the sandbox's settings, reported together and named by their variables. */
export class SandboxSettingsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid sandbox settings:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "SandboxSettingsError";
  }
}
