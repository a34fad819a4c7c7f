import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { runPlayground } from "../../src/playground/run-playground.js";

const script = `
link
as bob
link
as alice
/battle create difficulty:easy language:python
press 1
as bob
press 1
press 2
fill language=python code="print('PASS')"
as alice
press 2
fill language=python code="FAIL"
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
    "links two members, plays a battle from its card, announces the result and shows /rank (interactions over %s)",
    async (interactionsMode) => {
      const output = await runScript(script, interactionsMode);
      expect(output).toMatch(
        interactionsMode === "http" ? /bot \(interactions over HTTP at \/interactions\)…/ : /the bot…/,
      );
      expect(output).not.toContain("✖");
      expect(output.match(/Linked as/g)).toHaveLength(2);
      expect(output).toMatch(/\[1\] Join {2}\[2\] Submit code/);
      expect(output).toMatch(/You joined battle `bat_\w+`\. It is \*\*active\*\* with 2 players: alice, bob/);
      expect(output).toContain("📝 Submit code to bat_");
      expect(output).toContain("Submission accepted — Python");
      // The result is printed by the live #announcements watcher or by wait-post, whichever sees it first.
      expect(output).toMatch(
        /(📣 new post in #announcements|— #announcements \(waited for "Battle finished"\))\n(.*\n)?┌─ 🏁 Battle finished/,
      );
      expect(output).toMatch(/Winner:\n│ {3}🏆 @bob/);
      expect(output).toContain("┌─ alice — global rank #");
      expect(output).toMatch(/📎 saved to \S+rating\.png/);
    },
    30_000,
  );

  it("explains a mistake and keeps going", async () => {
    const output = await runScript("as nobody\npress 1\nhelp\n");
    expect(output).toContain('✖ No member "nobody"; pick one of alice, bob, admin');
    expect(output).toContain("✖ No message with buttons yet");
    expect(output).toContain("start-tournament <id>");
  }, 30_000);
});
