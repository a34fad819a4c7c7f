import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { runPlayground } from "../../playground/run-playground.js";

// The walkthrough of `help`, line by line: what a newcomer types.
const walkthrough = `
link
/battle create difficulty:easy language:python
press 1
as bob
link
press 1
press 2
fill language=python code="print('PASS')"
finish
wait-post announcements Battle finished
/rank
quit
`;

async function runScript(text: string, interactionsMode?: "gateway" | "http"): Promise<string> {
  const chunks: string[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString("utf8"));
      callback();
    },
  });
  const input = new PassThrough();
  input.end(text);
  const silentLogs = new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });
  await runPlayground({
    input,
    output,
    interactive: false,
    logDestination: silentLogs,
    ...(interactionsMode === undefined ? {} : { interactionsMode }),
  });
  return chunks.join("");
}

describe("npm run playground, scripted", () => {
  it.each(["gateway", "http"] as const)(
    "follows help's walkthrough: links two members, plays a battle from its card, announces the result, /rank (interactions over %s)",
    async (interactionsMode) => {
      const output = await runScript(walkthrough, interactionsMode);
      expect(output).toMatch(
        interactionsMode === "http" ? /bot \(interactions over HTTP at \/interactions\)…/ : /the bot…/,
      );
      expect(output).not.toContain("✖");
      // A script gets plain lines: Discord's thinking state as one line, no spinner or control characters.
      expect(output).not.toContain("\u001b");
      expect(output).not.toContain("\r");
      expect(output).toMatch(
        /alice> link\nArena Bot is thinking…\n\(only you can see this\)\nLinked as \*\*alice\*\*/,
      );
      expect(output.match(/Linked as/g)).toHaveLength(2);
      expect(output).toMatch(/\[1\] Join {2}\[2\] Submit code/);
      expect(output).toMatch(/You joined battle `bat_\w+`\. It is \*\*active\*\* with 2 players: alice, bob/);
      expect(output).toContain("📝 Submit code to bat_");
      expect(output).toContain("Submission accepted — Python");
      expect(output).toMatch(/bob> finish\nThe platform finished battle bat_\w+\./);
      // The result is printed once, by the live #announcements watcher or by wait-post, whichever sees it first.
      expect(output).toMatch(
        /(📣 new post in #announcements|— #announcements \(waited for "Battle finished"\))\n(.*\n)?┌─ 🏁 Battle finished/,
      );
      expect(output.match(/┌─ 🏁 Battle finished/g)).toHaveLength(1);
      expect(output).toMatch(/Winner:\n│ {3}🏆 @bob/);
      expect(output).toContain("┌─ bob — global rank #");
      expect(output).toMatch(/📎 saved to \S+rating\.png/);
    },
    30_000,
  );

  it("lists an option's choices and runs the picked one; starts a tournament that gets announced", async () => {
    const output = await runScript(`
link
/battle create difficulty:?
/tournament register id:?
pick 2
start-tournament
wait-post announcements Tournament started
`);
    expect(output).not.toContain("✖");
    expect(output).toContain(
      "Choices for difficulty (answer with: pick <n>):\n[1] Easy — easy\n[2] Medium — medium\n[3] Hard — hard",
    );
    // The bot's autocomplete answer, numbered; pick 2 runs the command with that tournament.
    const offered = /Choices for id \(answer with: pick <n>\):\n\[1\] .*\n\[2\] (.*) — (trn_\w+)/.exec(
      output,
    );
    expect(offered).not.toBeNull();
    expect(output).toContain(`→ /tournament register id:${offered?.[2] ?? ""}`);
    expect(output).toMatch(/You're registered for \*\*.+\*\*\./);
    expect(output).toMatch(/The platform started the tournament .+ \(trn_\w+\)\./);
    expect(output).toMatch(/┌─ 🏆 Tournament started: /);
  }, 30_000);

  it("lists the threads and the Events tab, and reads and waits for a thread's posts", async () => {
    const output = await runScript(`
threads
link
/battle create difficulty:easy language:python
press 1
wait-post t1 Battle started
finish
wait-post t1 Battle finished
threads
posts t1
as admin
link
/setup events on
wait-event Weekly Sprint
events
`);
    expect(output).not.toContain("✖");
    expect(output).toContain("alice> threads\nNo threads yet: a battle card or a posted result starts one.");
    // The card's thread, in #general: the battle's posts there are read with wait-post and posts t1.
    const thread = /🧵 t1 ⚔️ Two Sum · bat_\w+ \(#general\)/.source;
    expect(output).toMatch(
      new RegExp(`— ${thread} \\(waited for "Battle started"\\)\\n@alice\\n┌─ 🟢 Battle started: Two Sum`),
    );
    expect(output).toMatch(
      new RegExp(
        `— ${thread} \\(waited for "Battle finished"\\)\\n(@alice\\n)?┌─ 🏁 Battle finished: Two Sum`,
      ),
    );
    expect(output).toMatch(
      /\[t1\] 🧵 ⚔️ Two Sum · bat_\w+ · in #general · [1-9]\d* messages? · (?:open|archived)/,
    );
    // The thread tells the battle from alice's join on: her join, the start and the result, in that order.
    const posts = output.slice(output.indexOf("alice> posts t1\n"), output.indexOf("alice> as admin\n"));
    expect(posts).toMatch(new RegExp(`^alice> posts t1\\n— ${thread}\\n👋 alice joined the battle`));
    expect(posts.indexOf("┌─ 🟢 Battle started: Two Sum")).toBeGreaterThan(0);
    expect(posts.indexOf("┌─ 🏁 Battle finished: Two Sum")).toBeGreaterThan(
      posts.indexOf("🟢 Battle started"),
    );
    expect(output).toMatch(
      /admin> events\nEvents, soonest first:\n(📅 .+\n)*📅 Weekly Sprint #42 · scheduled · \d{4}-\d\d-\d\d \d\d:\d\d → [^·]+ · at Register in Discord: \/tournament register id:trn_\w+ · 0 interested/,
    );
  }, 30_000);

  it("shows every member's roles with `roles`", async () => {
    const output = await runScript("roles\n");
    expect(output).not.toContain("✖");
    expect(output).toMatch(/Roles in Playground, highest first:\n {2}Arena Bot \(bot\) +Arena Bot\n/);
    expect(output).toMatch(/\n {2}alice +—\n/);
    expect(output).toMatch(/\n {2}admin +admin's role\n/);
  }, 30_000);

  it("explains a mistake and keeps going", async () => {
    const output = await runScript("as nobody\npress 1\npick 1\n/stats public:?\nhelp\n");
    expect(output).toContain('✖ No member "nobody"; pick one of alice, bob, admin');
    expect(output).toContain("✖ No message with buttons yet");
    expect(output).toContain("✖ No such choice; ask for some first, e.g. /battle join id:?");
    expect(output).toContain('✖ "public" has no list of choices: type a value');
    expect(output).toContain("start-tournament [id]");
    // help says how the sandbox judges code, since nothing else in the walkthrough does.
    expect(output).toContain("How the sandbox scores code (it never runs it; sandbox/core/judge.ts):");
    expect(output).toMatch(/code with the word FAIL +passes no test: score 0/);
  }, 30_000);
});
