// A refused team action's reply names the platform's request id, which is the platform's text: shown as code
// that no backtick in it can end early (docs/architecture.md, "The rules the code keeps", "Platform text is
// inert").
import { describe, expect, it } from "vitest";
import { PlatformError } from "../../../src/api/index.js";
import { explainTeamError } from "../../../src/commands/team/explain-team-error.js";
import { expectInert, hostileTexts } from "../../support/hostile-text.js";

function refused(requestId: string | undefined): PlatformError {
  return new PlatformError({ status: 409, code: "CONFLICT", message: "already invited", requestId });
}

describe("explainTeamError", () => {
  it("answers what the status means here, with the request id to quote", () => {
    const error = explainTeamError(refused("req_42"), { 409: "They are already on the team." });
    expect(error?.message).toBe("They are already on the team.\n-# Request id: `req_42`");
    expect(explainTeamError(refused(undefined), { 409: "They are already on the team." })?.message).toBe(
      "They are already on the team.",
    );
    expect(explainTeamError(refused("req_42"), { 404: "No such team." })).toBeUndefined();
  });

  it.each(hostileTexts.map((text) => [`x\` ${text} \``]))("shows a hostile request id as text: %j", (id) => {
    const error = explainTeamError(refused(id), { 409: "They are already on the team." });
    expect(error).toBeDefined();
    expectInert({ content: error?.message });
    expect(error?.message.split("\n")).toHaveLength(2);
  });
});
