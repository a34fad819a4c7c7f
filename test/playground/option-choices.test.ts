import { describe, expect, it } from "vitest";
import type { StoredMessage } from "../../fake-discord/index.js";
import { findAskedOption, lineWithChoice, renderChoices } from "../../playground/option-choices.js";
import { listControls, renderMessage } from "../../playground/render-message.js";

describe("choices at the prompt", () => {
  it("finds the asked option, with what was typed so far, and puts the picked value in its place", () => {
    const asked = findAskedOption('/tournament register id:wee? note:"a b"');
    expect(asked).toEqual({ line: '/tournament register note:"a b"', name: "id", typed: "wee" });
    if (asked === undefined) return;
    expect(lineWithChoice(asked, { name: "Weekly Sprint", value: "trn_1" })).toBe(
      '/tournament register note:"a b" id:trn_1',
    );
    expect(lineWithChoice(asked, { name: "Spring", value: "Spring Cup" })).toBe(
      '/tournament register note:"a b" id:"Spring Cup"',
    );
    expect(findAskedOption("/battle create difficulty:easy")).toBeUndefined();
  });

  it("numbers the choices and hides a value its name already shows", () => {
    const asked = { line: "/battle join", name: "id", typed: "" };
    expect(
      renderChoices(asked, [
        { name: "bat_1 · by alice", value: "bat_1" },
        { name: "Easy", value: "easy" },
      ]),
    ).toBe("Choices for id (answer with: pick <n>):\n[1] bat_1 · by alice\n[2] Easy — easy");
    expect(renderChoices({ ...asked, typed: "zz" }, [])).toBe('No choices for id "zz".');
  });
});

describe("select menus", () => {
  it("are numbered with the buttons, with the values `press <n> <value…>` takes", () => {
    const message = {
      id: "1",
      content: "",
      flags: 0,
      embeds: [],
      attachments: [],
      components: [
        {
          type: 1,
          components: [
            { type: 2, custom_id: "ok", label: "OK" },
            { type: 2, url: "https://x" },
          ],
        },
        {
          type: 1,
          components: [
            {
              type: 3,
              custom_id: "lang",
              placeholder: "Language",
              options: [
                { label: "Python", value: "python" },
                { label: "go", value: "go" },
              ],
            },
          ],
        },
      ],
    } as unknown as StoredMessage;
    expect(listControls(message).map((control) => control.customId)).toEqual(["ok", "lang"]);
    expect(renderMessage(message)).toBe("[1] OK  [2] ▾ Language: python (Python), go — press 2 <value…>");
  });
});
