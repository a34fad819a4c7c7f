import { describe, expect, it } from "vitest";
import { renderCodeModal } from "../../../src/commands/battle/code-modal.js";
import { discordLimits } from "../../../src/discord/discord-limits.js";

describe("the code form", () => {
  it("says on its code input how a submission is scored, within Discord's 45-character label", () => {
    const inputs = renderCodeModal("bat_1", "python").components.flatMap((row) =>
      "components" in row ? row.components : [],
    );
    const code = inputs.find((input) => "custom_id" in input && input.custom_id === "code");
    const label = code !== undefined && "label" in code ? code.label : undefined;
    expect(label).toBe("Code (scored by the share of tests passed)");
    expect(label?.length).toBeLessThanOrEqual(discordLimits.textInputLabel);
  });
});
