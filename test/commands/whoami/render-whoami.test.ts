import { describe, expect, it } from "vitest";
import type { PlatformUser } from "../../../src/api/schemas/user.js";
import { renderWhoami } from "../../../src/commands/whoami/render-whoami.js";

const user: PlatformUser = {
  id: "usr_1",
  username: "ada",
  email: undefined,
  rating: 1849.6,
  tier: "grand master",
  joinedAt: undefined,
  displayName: undefined,
  bio: undefined,
  location: undefined,
  website: undefined,
};
const link = { credentialKind: "api_key", scopes: [], credential: { expiresAt: undefined } } as const;

function ratingField(account: PlatformUser): string | undefined {
  return renderWhoami(account, link).embeds?.[0]?.fields?.find((field) => field.name === "Rating")?.value;
}

describe("renderWhoami", () => {
  it("shows the rating and tier as /rank and /profile do", () => {
    expect(ratingField(user)).toBe("1850 · Grand Master");
  });

  it("shows a dash for a rating or tier the platform left out or sent empty", () => {
    expect(ratingField({ ...user, rating: undefined, tier: undefined })).toBe("— · —");
    expect(ratingField({ ...user, tier: "" })).toBe("1850 · —");
  });
});
