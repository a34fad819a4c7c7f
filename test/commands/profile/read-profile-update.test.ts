import { describe, expect, it } from "vitest";
import {
  fingerprintText,
  readOpenedForm,
  writeOpenedForm,
  type OpenedProfileForm,
} from "../../../src/commands/profile/profile-form-fingerprints.js";
import { readProfileUpdate } from "../../../src/commands/profile/read-profile-update.js";
import { UserFacingError } from "../../../src/discord/user-facing-error.js";

const openedEmpty: OpenedProfileForm = { displayName: "", bio: "", location: "", website: "" };
const openedFilled: OpenedProfileForm = {
  displayName: fingerprintText("Ada"),
  bio: fingerprintText("Graphs"),
  location: "",
  website: fingerprintText("https://ada.dev/"),
};

function refusal(fields: Record<string, string>, opened = openedEmpty): UserFacingError {
  try {
    readProfileUpdate(fields, opened);
  } catch (error) {
    if (error instanceof UserFacingError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("readProfileUpdate", () => {
  it("sends the fields filled in on a form that opened empty, trimmed, and leaves empty ones out", () => {
    expect(
      readProfileUpdate(
        { displayName: "  Ada ", bio: "", location: "   ", website: "https://ada.dev/" },
        openedEmpty,
      ),
    ).toEqual({ displayName: "Ada", bio: undefined, location: undefined, website: "https://ada.dev/" });
  });

  it("sends only what changed since the form opened, an emptied field as an empty string", () => {
    expect(
      readProfileUpdate(
        { displayName: "Ada ", bio: "", location: "Lisbon", website: "https://ada.dev/" },
        openedFilled,
      ),
    ).toEqual({ displayName: undefined, bio: "", location: "Lisbon", website: undefined });
    expect(readProfileUpdate({ website: " " }, openedFilled)).toEqual({
      displayName: undefined,
      bio: undefined,
      location: undefined,
      website: "",
    });
  });

  it("accepts http and https addresses only", () => {
    expect(readProfileUpdate({ website: "http://localhost:8080/me" }, openedEmpty).website).toBe(
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

  it("refuses a form with nothing changed", () => {
    expect(refusal({ displayName: " ", bio: "" }).code).toBe("nothing_to_change");
    expect(refusal({}).code).toBe("nothing_to_change");
    const unchanged = { displayName: "Ada", bio: "Graphs", location: "", website: "https://ada.dev/" };
    expect(refusal(unchanged, openedFilled).code).toBe("nothing_to_change");
  });
});

describe("the opened form in the custom id", () => {
  it("reads back what it wrote", () => {
    expect(readOpenedForm(writeOpenedForm(openedFilled))).toEqual(openedFilled);
    expect(readOpenedForm(writeOpenedForm(openedEmpty))).toEqual(openedEmpty);
  });

  it("reads anything else as a form that opened empty", () => {
    for (const params of [[], ["0", "0", "0"], ["x", "0", "0", "0"], ["0", "0", "0", "0", "0"]]) {
      expect(readOpenedForm(params)).toEqual(openedEmpty);
    }
  });
});
