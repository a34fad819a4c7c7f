// Ids a member types or pastes into /tournament and /battle rather than picking them from the suggestions:
// the spaces around them are dropped before they name anything to the platform (src/commands/read-typed-id.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { battleCommands } from "./support/battle-commands.js";
import { buttonLabelled } from "./support/message-parts.js";
import { keyOf } from "./support/sandbox-keys.js";

describe("ids typed with spaces around them, end to end", () => {
  let world: EndToEnd;
  const at = () => ({ guildId: world.guildId, channelId: world.channelId });
  const tournamentId = (title: string): string => {
    const found = [...world.sandbox.state.tournaments.values()].find((item) => item.title === title);
    if (found === undefined) throw new Error(`no seeded tournament ${title}`);
    return found.id;
  };
  const tournament = (subcommand: string, id: string) =>
    world.discord
      .runCommand({
        ...at(),
        userId: world.members.alice.id,
        name: "tournament",
        subcommand,
        options: { id },
      })
      .waitForFinal();
  const { battle } = battleCommands(() => world);

  beforeAll(async () => {
    world = await startEndToEnd();
    await linkMember(world, world.members.alice.id, keyOf(world, "alice"));
    await linkMember(world, world.members.bob.id, keyOf(world, "bob"));
  });
  afterAll(async () => {
    await world.close();
  });

  it("registers for a tournament and shows its standings", async () => {
    const alice = [...world.sandbox.state.users.values()].find((user) => user.username === "alice");
    const open = tournamentId("Weekly Sprint #42");
    world.sandbox.state.tournaments.get(open)?.registrations.delete(alice?.id ?? "");

    const registered = await tournament("register", `  ${open} `);
    expect(registered.content).toMatch(/^You're registered for \*\*Weekly Sprint #42\*\*\./);
    expect(world.sandbox.state.tournaments.get(open)?.registrations.has(alice?.id ?? "")).toBe(true);

    const standings = await tournament("leaderboard", ` ${tournamentId("Autumn Classic")}\t`);
    expect(standings.embeds[0]?.title).toBe("Standings · Autumn Classic");
  });

  it("joins a battle, shows its status and takes a file for it", async () => {
    const card = await battle(world.members.alice, "create", {
      difficulty: "easy",
      participants: 2,
    }).waitForFinal();
    const battleId = buttonLabelled(card, "Join").custom_id.replace("battle:join:", "");

    const joined = await battle(world.members.bob, "join", { id: ` ${battleId}  ` }).waitForFinal();
    expect(joined.content).toContain(`You joined battle \`${battleId}\``);
    expect(world.sandbox.state.battles.get(battleId)?.participants).toHaveLength(1);

    const status = await battle(world.members.bob, "status", { id: `  ${battleId} ` }).waitForFinal();
    expect(status.embeds[0]?.fields?.map((field) => field.name)).toContain("Participants (1)");

    await battle(world.members.bob, "submit", {
      id: ` ${battleId} `,
      file: { filename: "solution.cpp", data: "int main() {}\n" },
    }).waitForFinal();
    expect(world.sandbox.state.battles.get(battleId)?.submissions).toHaveLength(1);
  });

  it("asks for an id when only spaces were typed", async () => {
    const reply = await tournament("register", "   ");
    expect(reply.content).toBe("Type a tournament id, or pick one from the list.");
  });
});
