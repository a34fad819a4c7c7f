import { describe, expect, it } from "vitest";
import { eventKinds } from "../../../src/events/event-kinds.js";
import { parseEventSelection } from "../../../src/commands/subscribe/event-selection.js";
import {
  kindCandidates,
  subscribeCandidates,
  suggestEventSelections,
} from "../../../src/commands/subscribe/suggest-event-selections.js";

describe("parseEventSelection", () => {
  it("reads kinds, aliases, groups, presets and labels, in the order of the one list", () => {
    expect(parseEventSelection("user.rating_changed, Battle results, tournament.started")).toEqual({
      kinds: ["battle.completed", "user.rating_changed", "system.tournament_started"],
      unknown: [],
    });
    expect(parseEventSelection("team.*").kinds).toEqual([
      "team.created",
      "team.member_joined",
      "team.battle_completed",
    ]);
    expect(parseEventSelection("defaults").kinds).toEqual([
      "battle.completed",
      "user.rating_changed",
      "system.tournament_started",
    ]);
    expect(parseEventSelection("ALL").kinds).toEqual([...eventKinds]);
  });

  it("accepts kinds separated by spaces and drops repeats", () => {
    expect(parseEventSelection("battle.completed battle.completed  system.*").kinds).toEqual([
      "battle.completed",
      "system.maintenance_scheduled",
      "system.tournament_started",
      "system.leaderboard_updated",
    ]);
  });

  it("reports every word that names nothing, as typed", () => {
    expect(parseEventSelection("battle.completed, battle.finished, , Rating Chnages")).toEqual({
      kinds: ["battle.completed"],
      unknown: ["battle.finished", "Rating Chnages"],
    });
  });
});

describe("suggestEventSelections", () => {
  it("offers the presets first, then every kind, when nothing is typed", () => {
    const choices = suggestEventSelections("", subscribeCandidates);
    expect(choices[0]).toEqual({
      name: "Battle results, rating changes and tournament starts",
      value: "defaults",
    });
    expect(choices.map((choice) => choice.value)).toContain("battle.*");
    expect(choices).toHaveLength(subscribeCandidates.length);
  });

  it("completes the last part of a comma list and keeps what came before", () => {
    const choices = suggestEventSelections("battle.completed, rating", subscribeCandidates);
    expect(choices).toContainEqual({
      name: "Battle results (battle.completed) + Rating changes (user.rating_changed)",
      value: "battle.completed, user.rating_changed",
    });
    expect(choices.every((choice) => choice.value.startsWith("battle.completed, "))).toBe(true);
  });

  it("does not offer a kind already in the list", () => {
    const values = suggestEventSelections("team.created,", kindCandidates).map((choice) => choice.value);
    expect(values).not.toContain("team.created, team.created");
    expect(values).toContain("team.created, team.member_joined");
  });

  it("keeps choice values within Discord's 100 characters, a long list still growing a pick at a time", () => {
    const long = "battle.created, battle.started, battle.completed, battle.submission, user.registered,";
    const choices = suggestEventSelections(long, kindCandidates);
    for (const choice of choices) {
      expect(choice.value.length).toBeLessThanOrEqual(100);
      expect(choice.name.length).toBeLessThanOrEqual(100);
      // Written shorter (no spaces, a whole group as "battle.*"), it names the same kinds.
      const added = choice.value.split(",").at(-1) ?? "";
      expect(parseEventSelection(choice.value).kinds).toEqual(parseEventSelection(`${long} ${added}`).kinds);
    }
    // Every kind not in the list yet is offered.
    expect(choices).toHaveLength(kindCandidates.length - 5);
    expect(choices.map((choice) => choice.value)).toContain(
      "battle.*,user.registered,system.maintenance_scheduled",
    );
  });

  it("offers only the picks that still fit when no shorter form does", () => {
    const long =
      "battle.created, battle.started, battle.completed, user.registered, user.profile_updated, " +
      "user.achievement_earned, team.member_joined,";
    const values = suggestEventSelections(long, kindCandidates).map((choice) => choice.value);
    // A pick that completes a group makes room; the others cannot be written in 100 characters.
    expect(values).toEqual([
      "battle.*,user.registered,user.profile_updated,user.achievement_earned,team.member_joined",
      "battle.created,battle.started,battle.completed,user.*,team.member_joined",
    ]);
  });
});
