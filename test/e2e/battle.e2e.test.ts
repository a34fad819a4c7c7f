import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeUser, StoredMessage } from "../../fake-discord/index.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { expectEveryInteractionAnswered, interactionsModes } from "./interactions-modes.js";
import { linkMember } from "./link-member.js";
import { battleCommands } from "./support/battle-commands.js";
import { attachedTexts, buttonLabelled, buttons, ephemeral, fieldsOf } from "./support/message-parts.js";
import { keyOf } from "./support/sandbox-keys.js";
import { waitForSavedCard } from "./support/saved-battle-card.js";

describe.each(interactionsModes)("/battle, end to end, interactions over %s", (interactionsMode) => {
  let world: EndToEnd;
  let carol: FakeUser;
  let dave: FakeUser;
  let cardBattleId: string;
  let card: StoredMessage;

  beforeAll(async () => {
    world = await startEndToEnd({ interactionsMode });
    carol = world.discord.createMember(world.guildId, { username: "carol" });
    dave = world.discord.createMember(world.guildId, { username: "dave" });
    await linkMember(world, world.members.alice.id, keyOf(world, "alice"));
    await linkMember(world, world.members.bob.id, keyOf(world, "bob"));
    await linkMember(world, carol.id, keyOf(world, "carol"));
  });
  afterAll(async () => {
    await world.close();
  });

  const { battle, autocomplete, press } = battleCommands(() => world);

  describe("create", () => {
    it("creates the battle as the member and posts a public card with Join and Submit", async () => {
      const { alice } = world.members;
      card = await battle(alice, "create", {
        difficulty: "easy",
        language: "cpp",
        participants: 2,
        "time-limit": 30,
        problem: "prb_easy_02",
      }).waitForFinal();
      expect(card.flags & ephemeral).toBe(0);
      expect(card.embeds[0]?.title).toBe("⚔️ Valid Parentheses");
      expect(fieldsOf(card)).toMatchObject({ Language: "C++", "Time limit": "30m", Difficulty: "easy" });
      cardBattleId = buttonLabelled(card, "Join").custom_id.replace("battle:join:", "");
      expect(buttonLabelled(card, "Submit code").custom_id).toBe(`battle:submit:${cardBattleId}`);

      const created = world.sandbox.state.battles.get(cardBattleId);
      expect(created).toMatchObject({
        timeLimit: 1800,
        language: "cpp",
        capacity: 2,
        problemId: "prb_easy_02",
      });
      const saved = await waitForSavedCard(world, cardBattleId);
      expect(saved).toMatchObject({ messageId: card.id, channelId: world.channelId, createdBy: alice.id });
    });

    it("takes the chosen problem's difficulty when none is given", async () => {
      const reply = await battle(world.members.alice, "create", { problem: "prb_hard_03" }).waitForFinal();
      const battleId = buttonLabelled(reply, "Join").custom_id.replace("battle:join:", "");
      expect(world.sandbox.state.battles.get(battleId)?.difficulty).toBe("hard");
      expect(fieldsOf(reply).Difficulty).toBe("hard");
    });

    it("says a problem and a difficulty that do not match must, and how, and posts nothing", async () => {
      const handle = battle(world.members.alice, "create", { problem: "prb_easy_02", difficulty: "hard" });
      // An error after the public deferral: its "thinking…" is deleted and the member told privately.
      const reply = await handle.waitForFollowUp();
      expect(reply.flags & ephemeral).toBe(ephemeral);
      expect(reply.content).toMatch(
        /^The platform refused problem `prb_easy_02` for a \*\*hard\*\* battle: .* leave `difficulty:` out to take the problem's own/,
      );
      expect(reply.content).toMatch(/\n-# Request id: `/);
      await expect.poll(() => handle.original()).toBeUndefined();
    });

    it("answers an unlinked member privately with the link prompt and posts nothing", async () => {
      const before = world.discord.messages(world.channelId).length;
      const reply = await battle(dave, "create", { difficulty: "easy" }).waitForFinal();
      expect(reply.flags & ephemeral).toBe(ephemeral);
      expect(reply.content).toMatch(/haven't linked/);
      expect(buttons(reply).map((button) => button.custom_id)).toContain("link:start");
      expect(world.discord.messages(world.channelId)).toHaveLength(before);
    });

    it("suggests problems matching what was typed and the difficulty chosen", async () => {
      const { alice } = world.members;
      const typed = await autocomplete(alice, "create", { name: "problem", value: "TWO" });
      expect(typed).toContainEqual({ name: "Two Sum · easy", value: "prb_easy_01" });
      expect(typed.every((choice) => choice.name.toLowerCase().includes("two"))).toBe(true);
      const hard = await autocomplete(
        alice,
        "create",
        { name: "problem", value: "" },
        { difficulty: "hard" },
      );
      expect(hard).toHaveLength(12);
      expect(hard.every((choice) => choice.name.endsWith("· hard"))).toBe(true);
      expect(await autocomplete(dave, "create", { name: "problem", value: "two" })).toEqual([]);
    });
  });

  describe("join", () => {
    it("joins from the card's Join button and confirms privately", async () => {
      const { bob } = world.members;
      const reply = await world.discord
        .pressButton({ message: card, customId: `battle:join:${cardBattleId}`, userId: bob.id })
        .waitForFinal();
      expect(reply.flags & ephemeral).toBe(ephemeral);
      expect(reply.content).toContain(`You joined battle \`${cardBattleId}\``);
      expect(world.sandbox.state.battles.get(cardBattleId)?.participants.map((p) => p.userId)).toHaveLength(
        1,
      );
    });

    it("joins with /battle join, and explains a battle that does not exist and a second join", async () => {
      const reply = await battle(carol, "join", { id: cardBattleId }).waitForFinal();
      expect(reply.content).toMatch(/It is \*\*active\*\* with 2 players: bob, carol/);
      const missing = await battle(carol, "join", { id: "bat_does_not_exist" }).waitForFinal();
      expect(missing.flags & ephemeral).toBe(ephemeral);
      expect(missing.content).toMatch(/no such item/);
      const again = await battle(carol, "join", { id: cardBattleId }).waitForFinal();
      expect(again.content).toMatch(new RegExp(`^You're already in battle \`${cardBattleId}\`\\.`));
    });

    it("suggests the battles announced in this server, filtered by what was typed", async () => {
      const choices = await autocomplete(carol, "join", { name: "id", value: "" });
      expect(choices.length).toBeGreaterThanOrEqual(2);
      expect(choices.length).toBeLessThanOrEqual(25);
      const ours = choices.find((choice) => choice.value === cardBattleId);
      expect(ours?.name).toMatch(new RegExp(`^${cardBattleId} · by alice · \\d+s ago$`));
      expect(await autocomplete(carol, "status", { name: "id", value: cardBattleId })).toHaveLength(1);
      expect(await autocomplete(carol, "join", { name: "id", value: "nothing-like-this" })).toEqual([]);
    });
  });

  describe("status", () => {
    it("shows participants, time remaining and the leaderboard", async () => {
      const reply = await battle(carol, "status", { id: cardBattleId }).waitForFinal();
      expect(reply.flags & ephemeral).toBe(ephemeral);
      const fields = fieldsOf(reply);
      expect(fields.Status).toMatch(/^🟢 Live — ends <t:\d+:R>$/);
      expect(fields["Time remaining"]).toMatch(/^(29m( \d\ds)?|30m) \(ends <t:\d+:R>\)$/);
      expect(fields["Participants (2)"]).toMatch(/bob \(\d+\)\n• carol/);
    });

    it("explains an unknown battle id", async () => {
      const reply = await battle(carol, "status", { id: "bat_nope" }).waitForFinal();
      expect(reply.content).toMatch(/no such item/);
    });
  });

  describe("submit", () => {
    const pressSubmit = (userId: string) =>
      world.discord.pressButton({ message: card, customId: `battle:submit:${cardBattleId}`, userId });

    it("opens the code form from the card's Submit button with the card's language, then shows the result", async () => {
      const { bob } = world.members;
      const press = pressSubmit(bob.id);
      const modal = JSON.stringify(await press.modal());
      expect(modal).toContain(`"custom_id":"battle-code:${cardBattleId}"`);
      expect(modal).toContain('"value":"cpp"');
      const result = await world.discord
        .submitModal({ from: press, fields: { language: "cpp", code: "int main() { /* PASS */ }" } })
        .waitForFinal();
      expect(result.flags & ephemeral).toBe(ephemeral);
      expect(result.embeds[0]?.title).toBe("Submission accepted — C++");
      expect(fieldsOf(result)).toMatchObject({ Score: "100/100", Tests: "5/5 passed" });
      expect(fieldsOf(result).Time).toMatch(/^\d+ ms$/);
      expect(fieldsOf(result).Memory).toMatch(/^[\d,]+ KB$/);
    });

    it("gives the code back as a file when the form names a language the platform does not run", async () => {
      const { bob } = world.members;
      const submitted = world.sandbox.state.battles.get(cardBattleId)?.submissions.length;
      const press = pressSubmit(bob.id);
      await press.modal();
      const code = "IDENTIFICATION DIVISION.\nPROGRAM-ID. SUM.";
      const refused = await world.discord
        .submitModal({ from: press, fields: { language: "cobol", code } })
        .waitForFinal();
      expect(refused.flags & ephemeral).toBe(ephemeral);
      expect(refused.content).toMatch(/^That language is not one the platform runs: use javascript, python/);
      expect(refused.content).toContain("Your code is attached");
      expect(attachedTexts(refused)).toEqual([["solution.txt", code]]);
      expect(world.sandbox.state.battles.get(cardBattleId)?.submissions.length).toBe(submitted);
    });

    it("refuses a file over 64 KiB before sending anything", async () => {
      const reply = await battle(carol, "submit", {
        id: cardBattleId,
        file: { filename: "huge.cpp", data: "x".repeat(65 * 1024) },
      }).waitForFinal();
      expect(reply.content).toMatch(/larger than 64 KiB/);
      expect(world.sandbox.state.battles.get(cardBattleId)?.submissions).toHaveLength(1);
    });

    it("submits an attached file, telling the language from its name", async () => {
      const reply = await battle(carol, "submit", {
        id: cardBattleId,
        file: { filename: "solution.cpp", data: "// FAIL\nint main() {}\n" },
      }).waitForFinal();
      expect(fieldsOf(reply)).toMatchObject({ Score: "0/100", Tests: "0/5 passed" });
      expect(world.sandbox.state.battles.get(cardBattleId)?.submissions.at(-1)?.language).toBe("cpp");
    });

    it("opens the form for /battle submit without a file, and relays the platform's refusal with the code", async () => {
      const { alice } = world.members;
      const open = battle(alice, "submit", { id: cardBattleId, language: "python" });
      expect(JSON.stringify(await open.modal())).toContain('"value":"python"');
      const refused = await world.discord
        .submitModal({ from: open, fields: { language: "python", code: "print(1)" } })
        .waitForFinal();
      expect(refused.flags & ephemeral).toBe(ephemeral);
      // alice never joined, and the battle is over: not "not allowed" (her key's), nor "press Join".
      expect(world.sandbox.state.battles.get(cardBattleId)?.status).toBe("completed");
      expect(refused.content).toMatch(/^The battle `[^`]+` is \*\*completed\*\*, so it takes no submissions/);
      // The form is gone once sent: the pasted code comes back, as for a language refused.
      expect(refused.content).toContain("Your code is attached");
      expect(attachedTexts(refused)).toEqual([["solution.txt", "print(1)"]]);
    });

    it("opens /battle submit's form with the battle's language when none is chosen", async () => {
      const { alice } = world.members;
      const open = battle(alice, "submit", { id: cardBattleId });
      expect(JSON.stringify(await open.modal())).toContain('"value":"cpp"');
    });

    it("answers an unlinked member with the link prompt instead of the form", async () => {
      const reply = await battle(dave, "submit", { id: cardBattleId }).waitForFinal();
      expect(reply.content).toMatch(/haven't linked/);
    });

    it("shows the final standings once everyone has submitted", async () => {
      const reply = await battle(carol, "status", { id: cardBattleId, public: true }).waitForFinal();
      expect(reply.flags & ephemeral).toBe(0);
      expect(fieldsOf(reply).Status).toBe("🏁 Completed");
      expect(fieldsOf(reply).Leaderboard).toMatch(/^1\. bob — 100 pts · 1 submission\n2\. carol — 0 pts/);
    });
  });

  describe("history", () => {
    it("pages through the member's battles with ◀ ▶, which only they may press", async () => {
      const { alice, bob } = world.members;
      const first = await battle(alice, "history", { limit: 1, public: true }).waitForFinal();
      expect(first.embeds[0]?.description).toMatch(/^\*\*1\.\*\* `bat_\w+` · realtime · waiting/);
      expect(first.embeds[0]?.footer?.text).toBe("Page 1 · 2 in all");
      expect(buttonLabelled(first, "◀").disabled).toBe(true);

      const refused = await press(first, "▶", bob.id);
      expect(refused.content).toMatch(/Only the member who asked/);

      const second = await press(first, "▶", alice.id);
      expect(second.id).toBe(first.id);
      expect(second.embeds[0]?.description).toContain(`**2.** \`${cardBattleId}\``);
      expect(buttonLabelled(second, "▶").disabled).toBe(true);

      const back = await press(second, "◀", alice.id);
      expect(back.embeds[0]?.footer?.text).toBe("Page 1 · 2 in all");
    });

    it("filters by status and keeps the answer private by default", async () => {
      const reply = await battle(carol, "history", { status: "completed" }).waitForFinal();
      expect(reply.flags & ephemeral).toBe(ephemeral);
      expect(reply.embeds[0]?.title).toBe("Your battles (completed)");
      expect(reply.embeds[0]?.description).toContain("**lost**");
    });

    it("answers an unlinked member with the link prompt", async () => {
      const reply = await battle(dave, "history").waitForFinal();
      expect(reply.content).toMatch(/haven't linked/);
    });
  });

  describe("when the platform is down", () => {
    beforeAll(async () => {
      await world.sandbox.close();
    });

    it("says the platform can't be reached, privately", async () => {
      for (const [subcommand, options] of [
        ["status", { id: cardBattleId }],
        ["join", { id: cardBattleId }],
        ["history", {}],
      ] as const) {
        const reply = await battle(carol, subcommand, options).waitForFinal();
        expect(reply.flags & ephemeral).toBe(ephemeral);
        expect(reply.content).toMatch(/can't be reached/);
      }
    });
  });

  it("answered every interaction in a way Discord accepts", () => {
    expectEveryInteractionAnswered(world, interactionsMode);
  });
});
