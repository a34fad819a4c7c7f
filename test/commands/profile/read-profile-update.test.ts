import { describe, expect, it } from "vitest";
import { readProfileUpdate } from "../../../src/commands/profile/read-profile-update.js";
import { UserFacingError } from "../../../src/discord/user-facing-error.js";

function refusal(fields: Record<string, string>): UserFacingError {
  try {
    readProfileUpdate(fields);
  } catch (error) {
    if (error instanceof UserFacingError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("readProfileUpdate", () => {
  it("keeps the fields filled in, trimmed, and leaves empty ones out", () => {
    expect(
      readProfileUpdate({ displayName: "  Ada ", bio: "", location: "   ", website: "https://ada.dev/" }),
    ).toEqual({ displayName: "Ada", bio: undefined, location: undefined, website: "https://ada.dev/" });
  });

  it("accepts http and https addresses only", () => {
    expect(readProfileUpdate({ website: "http://localhost:8080/me" }).website).toBe(
      "http://localhost:8080/me",
    );
    for (const website of [
      "ada.dev",
      "ftp://ada.dev",
      "javascript:alert(1)",
      "https://",
      "https://a b.dev",
    ]) {
      const error = refusal({ website });
      expect(error.code).toBe("invalid_website");
      expect(error.message).toMatch(/starting with `http:\/\/` or `https:\/\/`.*Nothing was changed/);
    }
  });

  it("refuses a form with nothing filled in", () => {
    expect(refusal({ displayName: " ", bio: "" }).code).toBe("nothing_to_change");
    expect(refusal({}).code).toBe("nothing_to_change");
  });
});
