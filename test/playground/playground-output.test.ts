import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createPlaygroundOutput } from "../../playground/playground-output.js";

function collect() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString("utf8"));
      callback();
    },
  });
  return { stream, text: () => chunks.join("") };
}

describe("playground output", () => {
  it("on a terminal, draws a spinner line, wipes it before a print and redraws it after", () => {
    const { stream, text } = collect();
    const output = createPlaygroundOutput(stream, true);
    output.showActivity("waiting for Arena Bot…");
    output.print("📣 new post");
    output.showState("Arena Bot is thinking…");
    output.clearActivity();
    output.print("the answer");
    expect(text()).toBe(
      "\r\u001b[2K⠋ waiting for Arena Bot…" +
        "\r\u001b[2K📣 new post\n\r\u001b[2K⠋ waiting for Arena Bot…" +
        "\r\u001b[2K⠋ Arena Bot is thinking…" +
        "\r\u001b[2K" +
        "the answer\n",
    );
  });

  it("in a script, prints Discord's thinking state once as a plain line and no spinner at all", () => {
    const { stream, text } = collect();
    const output = createPlaygroundOutput(stream, false);
    output.showActivity("waiting for Arena Bot…");
    output.showState("Arena Bot is thinking…");
    output.showActivity("⏳ Sending a test event…");
    output.showState("Arena Bot is thinking…");
    output.clearActivity();
    output.print("the answer");
    expect(text()).toBe("Arena Bot is thinking…\nthe answer\n");
  });
});
