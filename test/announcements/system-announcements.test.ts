import { describe, expect, it } from "vitest";
import { renderEvent } from "../../src/announcements/render-event.js";
import { readRegisterButton } from "../../src/cards/tournament-register-buttons.js";
import { createSandboxWorld, eventTime, readEvent } from "./support/events.js";
import { expectPingsExactly, expectWithinDiscordLimits, textOf } from "./support/message-checks.js";

const noMentions = { mentions: new Map<string, string>() };

function buttonIds(body: ReturnType<typeof renderEvent>): string[] {
  return (body.components ?? []).flatMap((row) =>
    "components" in row
      ? row.components.flatMap((button) => ("custom_id" in button ? [button.custom_id] : []))
      : [],
  );
}

describe("system.tournament_started", () => {
  it("announces the tournament with a Register button the /tournament handler reads", () => {
    const world = createSandboxWorld();
    const body = renderEvent(
      readEvent("system.tournament_started", world.data("system.tournament_started")),
      noMentions,
    );
    const text = textOf(body);
    expect(body.embeds?.[0]?.title).toBe("🏆 Tournament started: Test Tournament");
    expect(text).toContain("Elimination");
    expect(text).toContain("$100");
    expect(buttonIds(body)).toEqual(["tournament:register:trn_test"]);
    const [, ...params] = "tournament:register:trn_test".split(":");
    expect(readRegisterButton(params)).toBe("trn_test");
    expectPingsExactly(body, []);
    expectWithinDiscordLimits(body);
  });

  it("announces a tournament sent under the alias tournament.started the same way", () => {
    const world = createSandboxWorld();
    const data = world.data("system.tournament_started");
    const event = readEvent("system.tournament_started", data, { sentAs: "tournament.started" });
    expect(event.rawKind).toBe("tournament.started");
    expect(renderEvent(event, noMentions).embeds).toEqual(
      renderEvent(readEvent("system.tournament_started", data), noMentions).embeds,
    );
  });

  it("has no Register button for an id too long for a custom id, and keeps a long title within limits", () => {
    const data = { object: "tournament", id: "t".repeat(100), title: "Grand ".repeat(500), prize: 5000 };
    const body = renderEvent(readEvent("system.tournament_started", data), noMentions);
    expect(body.components).toBeUndefined();
    expect(textOf(body)).toContain("5000");
    expectWithinDiscordLimits(body);
  });
});

describe("system.maintenance_scheduled", () => {
  it("gives the window as Discord timestamps, with the platform's message", () => {
    const startsAt = eventTime + 86_400_000;
    const data = {
      object: "maintenance",
      id: "mnt_1",
      starts_at: new Date(startsAt).toISOString(),
      ends_at: new Date(startsAt + 90 * 60_000).toISOString(),
      message: "Database upgrade",
    };
    const body = renderEvent(readEvent("system.maintenance_scheduled", data), noMentions);
    const seconds = String(startsAt / 1000);
    expect(body.embeds?.[0]?.description).toBe(
      `The platform will be under maintenance from <t:${seconds}:F> (<t:${seconds}:R>).\n\nDatabase upgrade`,
    );
    expect(body.embeds?.[0]?.fields).toEqual([
      { name: "Starts", value: `<t:${seconds}:f>`, inline: true },
      { name: "Ends", value: `<t:${String(startsAt / 1000 + 5400)}:f>`, inline: true },
      { name: "Expected length", value: "1h 30m", inline: true },
    ]);
    expectPingsExactly(body, []);
  });
});
