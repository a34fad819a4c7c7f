// /tournament once the platform lists more than a page of tournaments: 150 finished ones that started before
// every seeded tournament come first in the sandbox's order (oldest start first), so the current ones are
// past the first 100 (docs/platform-assumptions.md, "Query parameters").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPastTournaments } from "../commands/tournament/past-tournaments.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";

describe("/tournament with more than a page of tournaments, end to end", () => {
  let world: EndToEnd;
  const at = () => ({ guildId: world.guildId, channelId: world.channelId });
  const seeded = (title: string) => {
    const found = [...world.sandbox.state.tournaments.values()].find((item) => item.title === title);
    if (found === undefined) throw new Error(`no seeded tournament ${title}`);
    return found;
  };
  const suggest = (subcommand: string, typed: string) =>
    world.discord
      .autocomplete({
        ...at(),
        userId: world.members.alice.id,
        name: "tournament",
        subcommand,
        focused: { name: "id", value: typed },
      })
      .choices();

  beforeAll(async () => {
    world = await startEndToEnd();
    addPastTournaments(world.sandbox.state, 150);
    const alice = world.sandbox.keys.find((key) => key.username === "alice")?.key ?? "";
    await linkMember(world, world.members.alice.id, alice);
  });
  afterAll(async () => {
    await world.close();
  });

  it("suggests the current tournaments for leaderboards, open ones first", async () => {
    expect(await suggest("leaderboard", "night")).toEqual([
      { name: "Night Owl Marathon (active, 5/100)", value: seeded("Night Owl Marathon").id },
    ]);
    const all = await suggest("leaderboard", "");
    expect(all).toHaveLength(25);
    expect(all.slice(0, 4).map((choice) => choice.value)).toEqual(
      ["Weekly Sprint #42", "Algorithms Open", "Hardcore Invitational", "Night Owl Marathon"].map(
        (title) => seeded(title).id,
      ),
    );
    expect((await suggest("leaderboard", "autumn")).map((choice) => choice.value)).toEqual([
      seeded("Autumn Classic").id,
    ]);
  });

  it("titles the standings of an active tournament", async () => {
    const reply = await world.discord
      .runCommand({
        ...at(),
        userId: world.members.alice.id,
        name: "tournament",
        subcommand: "leaderboard",
        options: { id: seeded("Night Owl Marathon").id },
      })
      .waitForFinal();
    expect(reply.embeds[0]?.title).toBe("Standings · Night Owl Marathon");
  });

  it("says an open tournament that refused the registration is full", async () => {
    const tournament = seeded("Hardcore Invitational");
    const aliceId = [...world.sandbox.state.users.values()].find((user) => user.username === "alice")?.id;
    tournament.registrations.delete(aliceId ?? "");
    tournament.maxParticipants = tournament.registrations.size;
    const reply = await world.discord
      .runCommand({
        ...at(),
        userId: world.members.alice.id,
        name: "tournament",
        subcommand: "register",
        options: { id: tournament.id },
      })
      .waitForFinal();
    const seats = `${tournament.maxParticipants}/${tournament.maxParticipants}`;
    expect(reply.content).toMatch(
      new RegExp(`^\\*\\*Hardcore Invitational\\*\\* is full \\(${seats} seats taken\\)`),
    );
  });
});
