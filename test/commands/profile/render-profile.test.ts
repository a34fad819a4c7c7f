import { ComponentType, TextInputStyle } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { buildProfileEditModal } from "../../../src/commands/profile/profile-edit-modal.js";
import { fingerprintText } from "../../../src/commands/profile/profile-form-fingerprints.js";
import { renderMemberProfile, renderOwnProfile } from "../../../src/commands/profile/render-profile-card.js";
import { renderProfileUpdated } from "../../../src/commands/profile/render-profile-updated.js";
import { discordLimits } from "../../../src/discord/discord-limits.js";

const user = {
  id: "usr_1",
  username: "ada",
  email: "ada@example.com",
  rating: 1650,
  tier: "platinum",
  joinedAt: "2024-03-01T12:00:00Z",
  displayName: undefined,
  bio: undefined,
  location: undefined,
  website: undefined,
};

describe("profile cards", () => {
  it("shows the member's own rating, tier, join date and, privately, the e-mail address", () => {
    const embed = renderOwnProfile(user, { showEmail: true }).embeds?.[0];
    expect(embed?.title).toBe("ada");
    expect(embed?.fields?.map((field) => [field.name, field.value])).toEqual([
      ["Rating", "1650"],
      ["Tier", "Platinum"],
      ["Joined", "<t:1709294400:D>"],
      ["E-mail (only you see this)", "ada@example.com"],
    ]);
  });

  it("shows the profile fields that are set, the bio on its lines and the website as no link", () => {
    const embed = renderOwnProfile(
      { ...user, displayName: "Ada L.", bio: "# Graphs\n> DP", website: "https://ada.dev" },
      { showEmail: false },
    ).embeds?.[0];
    expect(embed?.fields?.slice(0, 3)).toEqual([
      { name: "Display name", value: "Ada L." },
      { name: "Bio", value: "\\# Graphs\n\\> DP" },
      { name: "Website", value: "https:\u200b//ada.dev" },
    ]);
  });

  it("leaves the e-mail address out of a public card and skips an unreadable join date", () => {
    const embed = renderOwnProfile({ ...user, joinedAt: undefined }, { showEmail: false }).embeds?.[0];
    expect(embed?.fields?.map((field) => field.name)).toEqual(["Rating", "Tier"]);
  });

  it("shows another member from the read model", () => {
    const embed = renderMemberProfile({
      userId: "7",
      platformUsername: "bob",
      rating: 1850,
      tier: "diamond",
      seenAt: 1_000_000,
    }).embeds?.[0];
    expect(embed?.description).toBe(
      "<@7> on the platform: **bob**.\nRating as last seen by the bot <t:1000:R>.",
    );
  });
});

describe("the profile edit modal", () => {
  it("opens filled with the current values, leaving out one longer than its input takes", () => {
    const modal = buildProfileEditModal({ ...user, displayName: "Ada", location: "x".repeat(101) });
    const inputs = modal.components.flatMap((row) => ("components" in row ? row.components : []));
    expect(inputs.map((input) => ("value" in input ? input.value : undefined))).toEqual([
      "Ada",
      undefined,
      undefined,
      undefined,
    ]);
    expect(modal.custom_id).toBe(`profile-edit:${fingerprintText("Ada")}:0:0:0`);
    expect(modal.custom_id.length).toBeLessThanOrEqual(100);
  });

  it("asks for the four profile fields, all optional, within Discord's limits", () => {
    const modal = buildProfileEditModal(user);
    expect(modal.title.length).toBeLessThanOrEqual(discordLimits.modalTitle);
    const inputs = modal.components.flatMap((row) => ("components" in row ? row.components : []));
    expect(inputs.map((input) => input.type)).toEqual(Array(4).fill(ComponentType.TextInput));
    expect(inputs.map((input) => input.custom_id)).toEqual(["displayName", "bio", "location", "website"]);
    for (const input of inputs) {
      expect(input.required).toBe(false);
      expect(input.label?.length ?? 0).toBeLessThanOrEqual(discordLimits.textInputLabel);
      expect(input.style).toBe(input.custom_id === "bio" ? TextInputStyle.Paragraph : TextInputStyle.Short);
    }
  });
});

describe("renderProfileUpdated", () => {
  it("lists a field sent empty as cleared", () => {
    const embed = renderProfileUpdated(
      { bio: "", location: "" },
      { success: true, user: { id: "usr_1", username: "ada", displayName: undefined, bio: undefined } },
    ).embeds?.[0];
    expect(embed?.fields).toEqual([
      { name: "Bio", value: "*(cleared)*" },
      { name: "Location", value: "*(cleared)*" },
    ]);
  });

  it("shows a bio of up to 500 characters whole and on its lines, as the card does", () => {
    const bio = `Graphs and flows.\n${"x".repeat(480)}`;
    const embed = renderProfileUpdated(
      { bio },
      { success: true, user: { id: "usr_1", username: "ada", displayName: undefined, bio } },
    ).embeds?.[0];
    expect(embed?.fields).toEqual([{ name: "Bio", value: bio }]);
  });

  it("lists the fields sent, as the platform echoed them", () => {
    const embed = renderProfileUpdated(
      { displayName: "Ada", website: "https://ada.dev" },
      { success: true, user: { id: "usr_1", username: "ada", displayName: "Ada L.", bio: undefined } },
    ).embeds?.[0];
    expect(embed?.title).toBe("Profile updated: ada");
    expect(embed?.fields).toEqual([
      { name: "Display name", value: "Ada L." },
      { name: "Website", value: "https:\u200b//ada.dev" },
    ]);
  });
});
