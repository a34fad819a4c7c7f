import { describe, expect, it } from "vitest";
import { setupCommand } from "../../../src/commands/setup/data.js";
import { retiredSecretAcceptanceMs } from "../../../src/store/webhook-retired-secrets.js";

interface Option {
  readonly name: string;
  readonly description: string;
  readonly options?: readonly Option[];
}

function findSubcommand(group: string, name: string): Option {
  const options: readonly Option[] = setupCommand.options;
  const found = options
    .find((option) => option.name === group)
    ?.options?.find((option) => option.name === name);
  if (found === undefined) throw new Error(`no /setup ${group} ${name}`);
  return found;
}

describe("/setup command data", () => {
  it("says the old secret stays accepted for the hour rotation keeps it, as the reply and README do", () => {
    expect(retiredSecretAcceptanceMs).toBe(60 * 60 * 1000);
    expect(findSubcommand("webhook", "rotate-secret").description).toBe(
      "Replace the signing secret (the old one is accepted for an hour)",
    );
  });
});
