import { describe, expect, it } from "vitest";
import { renderEvent } from "../../src/announcements/render-event.js";
import { pickTierColour } from "../../src/display/tier.js";
import { createSandboxWorld, readEvent, userOf } from "./support/events.js";
import { expectPingsExactly, expectWithinDiscordLimits, textOf } from "./support/message-checks.js";

const noMentions = { mentions: new Map<string, string>() };

function ratingChange(oldRating: number, newRating: number, tiers: [string, string]) {
  return {
    object: "user",
    id: "usr_ada",
    user: { id: "usr_ada", username: "ada" },
    old_rating: oldRating,
    new_rating: newRating,
    change: newRating - oldRating,
    previous_tier: tiers[0],
    tier: tiers[1],
    battle_id: "bat_1",
  };
}

describe("user.rating_changed", () => {
  it("shows old → new, the signed change and the tier, and pings the linked player", () => {
    const body = renderEvent(readEvent("user.rating_changed", ratingChange(1500, 1516, ["gold", "gold"])), {
      mentions: new Map([["usr_ada", "111111111111111111"]]),
    });
    const embed = body.embeds?.[0];
    expect(embed?.title).toBe("📈 Rating up");
    expect(embed?.fields).toEqual([
      { name: "Rating", value: "1500 → **1516**", inline: true },
      { name: "Change", value: "+16", inline: true },
      { name: "Tier", value: "Gold", inline: true },
    ]);
    expect(embed?.description).toContain("<@111111111111111111>");
    expectPingsExactly(body, ["111111111111111111"]);
    expectWithinDiscordLimits(body);
  });

  it("highlights a promotion in the title, the text, the tier field and the new tier's colour", () => {
    const body = renderEvent(
      readEvent("user.rating_changed", ratingChange(1590, 1612, ["gold", "platinum"])),
      noMentions,
    );
    const embed = body.embeds?.[0];
    expect(embed?.title).toBe("⬆️ Tier up: Platinum");
    expect(embed?.description).toContain("🎉 Promoted to **Platinum**!");
    expect(embed?.fields?.find((field) => field.name === "Tier")?.value).toBe("Gold → **Platinum** ⬆️");
    expect(embed?.color).toBe(pickTierColour("platinum"));
  });

  it("shows a drop to a lower tier without celebrating it", () => {
    const body = renderEvent(
      readEvent("user.rating_changed", ratingChange(1405, 1390, ["gold", "silver"])),
      noMentions,
    );
    const embed = body.embeds?.[0];
    expect(embed?.title).toBe("⬇️ Tier down: Silver");
    expect(embed?.description).toContain("(-15)");
    expect(textOf(body)).not.toContain("Promoted");
  });

  it("shows a tier change whose direction the event does not tell without an arrow or a celebration", () => {
    const body = renderEvent(
      readEvent("user.rating_changed", ratingChange(1400, 1400, ["adept", "novice"])),
      noMentions,
    );
    const embed = body.embeds?.[0];
    expect(embed?.title).toBe("📊 Rating updated");
    expect(embed?.fields?.find((field) => field.name === "Tier")?.value).toBe("Adept → **Novice**");
    expect(textOf(body)).not.toContain("Promoted");
  });

  it("names an unlinked player by platform username and pings nobody", () => {
    const body = renderEvent(
      readEvent("user.rating_changed", ratingChange(1500, 1484, ["gold", "gold"])),
      noMentions,
    );
    expect(body.embeds?.[0]?.description).toMatch(/^ada: /);
    expect(body.embeds?.[0]?.title).toBe("📉 Rating down");
    expectPingsExactly(body, []);
  });
});

describe("user.achievement_earned", () => {
  it("names the achievement, its tier, points and progress from the sandbox's data", () => {
    const world = createSandboxWorld();
    const alice = userOf(world, 0);
    const body = renderEvent(readEvent("user.achievement_earned", world.data("user.achievement_earned")), {
      mentions: new Map([[alice.id, "111111111111111111"]]),
    });
    const text = textOf(body);
    expect(text).toContain("<@111111111111111111> earned **First Victory**");
    expect(text).toContain("10 points");
    expect(text).toContain("1/1");
    expectPingsExactly(body, ["111111111111111111"]);
  });

  it("never shows the email the spec puts in the payload", () => {
    const world = createSandboxWorld();
    const body = renderEvent(
      readEvent("user.achievement_earned", world.data("user.achievement_earned")),
      noMentions,
    );
    expect(JSON.stringify(body)).not.toContain("@sandbox.example");
  });

  it("stays within the limits with a huge name and description", () => {
    const data = {
      object: "achievement",
      id: "ach_1",
      user: { id: "usr_1", username: "u".repeat(5000) },
      achievement: {
        name: "N".repeat(5000),
        description: "line\n".repeat(3000),
        tier: "t".repeat(2000),
        points: 5,
      },
    };
    expectWithinDiscordLimits(renderEvent(readEvent("user.achievement_earned", data), noMentions));
  });
});

describe("the generic announcement (user.registered, user.profile_updated)", () => {
  it("says what happened and to whom, pinging nobody", () => {
    const world = createSandboxWorld();
    const alice = userOf(world, 0);
    const mentions = new Map([[alice.id, "111111111111111111"]]);
    const registered = renderEvent(readEvent("user.registered", world.data("user.registered")), { mentions });
    expect(registered.embeds?.[0]?.title).toBe("🔔 User registered");
    expect(registered.embeds?.[0]?.description).toContain("<@111111111111111111>");
    expectPingsExactly(registered, []);
    const updated = renderEvent(
      readEvent("user.profile_updated", world.data("user.profile_updated")),
      noMentions,
    );
    expect(updated.embeds?.[0]?.title).toBe("🔔 User profile updated");
    expect(updated.embeds?.[0]?.description).toContain(alice.username);
  });
});
