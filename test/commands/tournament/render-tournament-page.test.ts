import type { APIActionRowComponent, APIButtonComponentWithCustomId } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { discordLimits } from "../../../src/discord/discord-limits.js";
import { normaliseMessage } from "../../../src/discord/message-limits.js";
import {
  renderTournamentPage,
  tournamentsPerPage,
} from "../../../src/commands/tournament/render-tournament-page.js";
import { makeTournament } from "./fixtures.js";

const filter = { status: "open", difficulty: undefined } as const;

function buttonsOf(reply: ReturnType<typeof renderTournamentPage>): APIButtonComponentWithCustomId[] {
  const rows = (reply.components ?? []) as APIActionRowComponent<APIButtonComponentWithCustomId>[];
  return rows.flatMap((row) => row.components);
}

describe("renderTournamentPage", () => {
  it("shows each tournament's title, status, start, seats and prize, numbered across pages", () => {
    const reply = renderTournamentPage({
      tournaments: [
        makeTournament(),
        makeTournament({ id: "trn_2", title: "Algorithms Open", prize: undefined }),
      ],
      filter,
      page: 1,
    });
    const [first, second] = reply.embeds?.[0]?.fields ?? [];
    expect(first?.name).toBe(`${tournamentsPerPage + 1}. Weekly Sprint #42`);
    expect(first?.value).toContain("`trn_1` · open · elimination");
    const starts = Date.UTC(2026, 0, 3, 12) / 1000;
    expect(first?.value).toContain(`Start: <t:${starts}:f> (<t:${starts}:R>)`);
    expect(first?.value).toContain("2/64 registered");
    expect(first?.value).toContain("Prize: $500");
    expect(second?.name).toBe(`${tournamentsPerPage + 2}. Algorithms Open`);
    expect(second?.value).not.toContain("Prize");
  });

  it("writes a start as the reader's date and time and its distance, with no verb that a later read would belie", () => {
    // Before, a list drawn before the start said "Starts" for good, and read "Starts 3 hours ago" later on.
    const reply = renderTournamentPage({
      tournaments: [makeTournament({ status: "active", startsAt: "2025-12-31T00:00:00.000Z" })],
      filter: { status: "active", difficulty: undefined },
      page: 0,
    });
    const started = Date.UTC(2025, 11, 31) / 1000;
    expect(reply.embeds?.[0]?.fields?.[0]?.value).toContain(`Start: <t:${started}:f> (<t:${started}:R>)`);
    expect(reply.embeds?.[0]?.fields?.[0]?.value).not.toMatch(/Start(s|ed) </);
  });

  it("gives every open tournament on the page a Register button in one row", () => {
    const tournaments = Array.from({ length: 6 }, (_, index) =>
      makeTournament({ id: `trn_${index}`, title: `Cup ${index}` }),
    );
    const reply = renderTournamentPage({ tournaments, filter, page: 0 });
    expect(reply.embeds?.[0]?.fields).toHaveLength(tournamentsPerPage);
    expect(reply.components).toHaveLength(1);
    expect(buttonsOf(reply).map((button) => button.custom_id)).toEqual(
      ["trn_0", "trn_1", "trn_2", "trn_3", "trn_4"].map((id) => `tournament:register:${id}`),
    );
    expect(buttonsOf(reply)[0]?.label).toBe("Register: Cup 0");
  });

  it("offers no Register button for tournaments that are no longer open", () => {
    const reply = renderTournamentPage({
      tournaments: [makeTournament({ status: "completed" })],
      filter: { status: "completed", difficulty: undefined },
      page: 0,
    });
    expect(reply.components).toEqual([]);
    expect(reply.embeds?.[0]?.footer).toBeUndefined();
  });

  it("leaves out the button of an id too long for a custom id", () => {
    const reply = renderTournamentPage({
      tournaments: [makeTournament({ id: "x".repeat(95) }), makeTournament({ id: "trn_ok" })],
      filter,
      page: 0,
    });
    expect(buttonsOf(reply).map((button) => button.custom_id)).toEqual(["tournament:register:trn_ok"]);
  });

  it("names the filter and says when nothing matches", () => {
    const empty = renderTournamentPage({
      tournaments: [],
      filter: { status: "open", difficulty: "hard" },
      page: 0,
    });
    expect(empty.embeds?.[0]?.title).toBe("Tournaments (open, hard)");
    expect(empty.embeds?.[0]?.description).toBe("No open, hard tournaments right now.");
    expect(renderTournamentPage({ tournaments: [], filter, page: 3 }).embeds?.[0]?.description).toBe(
      "No more tournaments.",
    );
  });

  it("fits five tournaments with very long platform texts into one embed, none dropped", () => {
    const tournaments = Array.from({ length: 5 }, (_, index) =>
      makeTournament({
        id: `trn_${index}`,
        title: "*".repeat(400),
        status: "s".repeat(100),
        prize: "_".repeat(900),
        format: "f".repeat(300),
      }),
    );
    const reply = renderTournamentPage({ tournaments, filter, page: 0 });
    const embed = reply.embeds?.[0];
    const fields = embed?.fields ?? [];
    const length =
      (embed?.title?.length ?? 0) +
      (embed?.footer?.text.length ?? 0) +
      fields.reduce((sum, field) => sum + field.name.length + field.value.length, 0);
    expect(length).toBeLessThanOrEqual(discordLimits.embedTotal);
    for (const field of fields) {
      expect(field.name.length).toBeLessThanOrEqual(discordLimits.embedFieldName);
      expect(field.value.length).toBeLessThanOrEqual(discordLimits.embedFieldValue);
    }
    for (const button of buttonsOf(reply)) {
      expect(button.label?.length).toBeLessThanOrEqual(discordLimits.buttonLabel);
    }
    // Normalising for Discord changes nothing, so every tournament with a button is still listed.
    expect(normaliseMessage(reply).embeds).toEqual(reply.embeds);
    expect(fields.map((field) => field.value.split(" ")[0])).toEqual(
      tournaments.map((tournament) => `\`${tournament.id}\``),
    );
  });
});
