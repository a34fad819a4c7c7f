import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeUser } from "../../fake-discord/index.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { buttons, ephemeral, fieldNames } from "./support/message-parts.js";

describe("/tournament, end to end", () => {
  let world: EndToEnd;
  let erin: FakeUser;
  let stranger: FakeUser;
  const at = () => ({ guildId: world.guildId, channelId: world.channelId });
  const tournamentId = (title: string): string => {
    const found = [...world.sandbox.state.tournaments.values()].find((item) => item.title === title);
    if (found === undefined) throw new Error(`no seeded tournament ${title}`);
    return found.id;
  };

  beforeAll(async () => {
    world = await startEndToEnd();
    // Four more open tournaments than the three seeded, so the open list runs to a second page.
    const template = world.sandbox.state.tournaments.get(tournamentId("Algorithms Open"));
    if (template === undefined) throw new Error("no template tournament");
    for (let index = 1; index <= 4; index += 1) {
      const id = `trn_extra${index}`;
      world.sandbox.state.tournaments.set(id, {
        ...template,
        id,
        title: `Extra Cup ${index}`,
        startTime: template.startTime + (5 + index) * 86_400_000,
        registrations: new Map(),
        results: new Map(),
      });
    }
    const keyOf = (username: string) =>
      world.sandbox.keys.find((key) => key.username === username)?.key ?? "";
    erin = world.discord.createMember(world.guildId, { username: "erin" });
    stranger = world.discord.createMember(world.guildId, { username: "stranger" });
    await linkMember(world, world.members.alice.id, keyOf("alice"));
    await linkMember(world, world.members.bob.id, keyOf("carol"));
    // Erin's key gets the platform's other response shape (B) for registrations and lists.
    const erinKey = world.sandbox.control.createApiKey({ username: "erin", level: "write", shape: "B" });
    await linkMember(world, erin.id, erinKey.key);
  });
  afterAll(async () => {
    await world.close();
  });

  it("lists open tournaments publicly, five a page, with a Register button for each", async () => {
    const list = await world.discord
      .runCommand({ ...at(), userId: world.members.alice.id, name: "tournament", subcommand: "list" })
      .waitForFinal();
    expect(list.flags & ephemeral).toBe(0);
    expect(list.embeds[0]?.title).toBe("Tournaments (open)");
    expect(fieldNames(list)).toEqual([
      "1. Weekly Sprint #42",
      "2. Algorithms Open",
      "3. Hardcore Invitational",
      "4. Extra Cup 1",
      "5. Extra Cup 2",
    ]);
    expect(list.embeds[0]?.fields?.[0]?.value).toMatch(
      /Start: <t:(\d+):f> \(<t:\1:R>\) · 2\/64 registered\nPrize: \$500/,
    );
    const ids = buttons(list).map((button) => button.custom_id);
    expect(ids.slice(0, 5)).toEqual([
      `tournament:register:${tournamentId("Weekly Sprint #42")}`,
      `tournament:register:${tournamentId("Algorithms Open")}`,
      `tournament:register:${tournamentId("Hardcore Invitational")}`,
      "tournament:register:trn_extra1",
      "tournament:register:trn_extra2",
    ]);
    const next = buttons(list).find((button) => button.label === "▶");
    expect(next?.disabled).toBe(false);
  });

  it("turns pages for the requester only", async () => {
    const list = await world.discord
      .runCommand({ ...at(), userId: world.members.alice.id, name: "tournament", subcommand: "list" })
      .waitForFinal();
    const nextId = buttons(list).find((button) => button.label === "▶")?.custom_id ?? "";

    const refused = await world.discord
      .pressButton({ message: list, customId: nextId, userId: world.members.bob.id })
      .waitForFinal();
    expect(refused.content).toMatch(/Only the member who asked for this list/);
    expect(refused.flags & ephemeral).toBe(ephemeral);
    expect(fieldNames(world.discord.message(list.id) ?? list)[0]).toBe("1. Weekly Sprint #42");

    await world.discord
      .pressButton({ message: list, customId: nextId, userId: world.members.alice.id })
      .waitForFinal();
    const second = world.discord.message(list.id) ?? list;
    expect(fieldNames(second)).toEqual(["6. Extra Cup 3", "7. Extra Cup 4"]);
    expect(buttons(second).find((button) => button.label === "▶")?.disabled).toBe(true);
    const previousId = buttons(second).find((button) => button.label === "◀")?.custom_id ?? "";
    await world.discord
      .pressButton({ message: second, customId: previousId, userId: world.members.alice.id })
      .waitForFinal();
    expect(fieldNames(world.discord.message(list.id) ?? list)[0]).toBe("1. Weekly Sprint #42");
  });

  it("filters by status and difficulty, without Register buttons for closed tournaments", async () => {
    const list = await world.discord
      .runCommand({
        ...at(),
        userId: world.members.alice.id,
        name: "tournament",
        subcommand: "list",
        options: { status: "completed", difficulty: "hard" },
      })
      .waitForFinal();
    expect(list.embeds[0]?.title).toBe("Tournaments (completed, hard)");
    expect(fieldNames(list)).toEqual(["1. Autumn Classic"]);
    expect(buttons(list).map((button) => button.label)).toEqual(["◀", "Page 1", "▶"]);
  });

  it("registers whoever presses a Register button, and says so when they already are", async () => {
    const list = await world.discord
      .runCommand({ ...at(), userId: world.members.alice.id, name: "tournament", subcommand: "list" })
      .waitForFinal();
    const customId = `tournament:register:${tournamentId("Algorithms Open")}`;
    const registered = await world.discord
      .pressButton({ message: list, customId, userId: world.members.bob.id })
      .waitForFinal();
    expect(registered.content).toMatch(
      /^You're registered for \*\*Algorithms Open\*\*\.\n-# Registration `reg_/,
    );
    expect(registered.flags & ephemeral).toBe(ephemeral);
    const carol = [...world.sandbox.state.users.values()].find((user) => user.username === "carol");
    const tournament = world.sandbox.state.tournaments.get(tournamentId("Algorithms Open"));
    expect(tournament?.registrations.has(carol?.id ?? "")).toBe(true);

    const again = await world.discord
      .pressButton({ message: list, customId, userId: world.members.bob.id })
      .waitForFinal();
    expect(again.content).toMatch(
      /^You're already registered for \*\*Algorithms Open\*\*\.\n-# Request id: `req_/,
    );
  });

  it("says a tournament that has ended takes no more registrations", async () => {
    // Erin never entered this one (the seed registers every user in some finished tournaments).
    const id = tournamentId("Beginner Cup");
    const erinUser = [...world.sandbox.state.users.values()].find((user) => user.username === "erin");
    world.sandbox.state.tournaments.get(id)?.registrations.delete(erinUser?.id ?? "");
    const reply = await world.discord
      .runCommand({ ...at(), userId: erin.id, name: "tournament", subcommand: "register", options: { id } })
      .waitForFinal();
    expect(reply.content).toMatch(
      /^\*\*Beginner Cup\*\* is completed, so it takes no more registrations\.\n-# Request id: `req_/,
    );
  });

  it("registers with /tournament register from a shape B platform answer", async () => {
    const id = tournamentId("Weekly Sprint #42");
    const reply = await world.discord
      .runCommand({ ...at(), userId: erin.id, name: "tournament", subcommand: "register", options: { id } })
      .waitForFinal();
    expect(reply.content).toMatch(
      /^You're registered for \*\*Weekly Sprint #42\*\*\.\n-# confirmed · registered <t:\d+:R>$/,
    );
    expect(reply.flags & ephemeral).toBe(ephemeral);
  });

  it("explains an unknown tournament id", async () => {
    const reply = await world.discord
      .runCommand({
        ...at(),
        userId: world.members.alice.id,
        name: "tournament",
        subcommand: "register",
        options: { id: "trn_missing" },
      })
      .waitForFinal();
    expect(reply.content).toMatch(/^The platform has no such item\. Check the id and try again\./);
    expect(reply.flags & ephemeral).toBe(ephemeral);
  });

  it("suggests open tournaments for register and any tournament for leaderboards, filtered by what was typed", async () => {
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
    expect(await suggest("register", "sprint")).toEqual([
      {
        name: expect.stringMatching(/^Weekly Sprint #42 \(open, \d+\/64\)$/),
        value: tournamentId("Weekly Sprint #42"),
      },
    ]);
    expect((await suggest("register", "")).map((choice) => choice.name)).not.toContainEqual(
      expect.stringMatching(/Night Owl/),
    );
    expect(await suggest("leaderboard", "night")).toEqual([
      { name: "Night Owl Marathon (active, 5/100)", value: tournamentId("Night Owl Marathon") },
    ]);
  });

  it("reads a member's lists once for the suggestions of a minute, not at every keystroke", async () => {
    const suggest = (typed: string) =>
      world.discord
        .autocomplete({
          ...at(),
          userId: world.members.bob.id,
          name: "tournament",
          subcommand: "leaderboard",
          focused: { name: "id", value: typed },
        })
        .choices();
    const requests = world.sandbox.apiRequestsInFlight;
    const before = requests.total;
    expect(await suggest("n")).toContainEqual({
      name: "Night Owl Marathon (active, 5/100)",
      value: tournamentId("Night Owl Marathon"),
    });
    const firstRead = requests.total - before;
    // A page of each status, as few as the sandbox holds.
    expect(firstRead).toBe(3);
    for (const typed of ["ni", "nig", "nigh", "night"]) {
      expect(await suggest(typed)).toEqual([
        { name: "Night Owl Marathon (active, 5/100)", value: tournamentId("Night Owl Marathon") },
      ]);
    }
    expect(requests.total - before).toBe(firstRead);
  });

  it("shows standings with the member's own rank, privately unless asked", async () => {
    const id = tournamentId("Autumn Classic");
    const reply = await world.discord
      .runCommand({
        ...at(),
        userId: world.members.alice.id,
        name: "tournament",
        subcommand: "leaderboard",
        options: { id },
      })
      .waitForFinal();
    expect(reply.flags & ephemeral).toBe(ephemeral);
    const embed = reply.embeds[0];
    expect(embed?.title).toBe("Standings · Autumn Classic");
    expect(embed?.description).toMatch(/^```\n Rank {2}User/);
    expect(embed?.description?.match(/^>\s+\d+ {2}alice /m)).not.toBeNull();
    expect(embed?.description?.split("\n").filter((line) => /^[ >]\s*\d+ {2}\w/.test(line))).toHaveLength(7);
    expect(embed?.fields?.[0]?.value).toMatch(/^Rank \*\*#\d\*\* · \*\*\d+\*\* points$/);

    const shared = await world.discord
      .runCommand({
        ...at(),
        userId: world.members.alice.id,
        name: "tournament",
        subcommand: "leaderboard",
        options: { id, public: true },
      })
      .waitForFinal();
    expect(shared.flags & ephemeral).toBe(0);
    expect(world.discord.messages(world.channelId).map((message) => message.id)).toContain(shared.id);
  });

  it("keeps the not-linked prompt private even for the public list", async () => {
    const reply = await world.discord
      .runCommand({ ...at(), userId: stranger.id, name: "tournament", subcommand: "list" })
      .waitForFinal();
    expect(reply.content).toMatch(/haven't linked/);
    expect(reply.flags & ephemeral).toBe(ephemeral);
    expect(buttons(reply).map((button) => button.custom_id)).toContain("link:start");
  });

  // Last: it shuts the platform down for the rest of this file.
  it("says the platform can't be reached when it is down", async () => {
    await world.sandbox.close();
    const reply = await world.discord
      .runCommand({
        ...at(),
        userId: world.members.alice.id,
        name: "tournament",
        subcommand: "register",
        options: { id: tournamentId("Hardcore Invitational") },
      })
      .waitForFinal();
    expect(reply.content).toBe("The platform can't be reached right now. Please try again in a minute.");
    // alice's read of the open list, a minute old at most, would still serve her; bob has read no open list.
    const choices = await world.discord
      .autocomplete({
        ...at(),
        userId: world.members.bob.id,
        name: "tournament",
        subcommand: "register",
        focused: { name: "id", value: "" },
      })
      .choices();
    expect(choices).toEqual([]);
  });
});
