import { describe, expect, it } from "vitest";
import { readPlaygroundArguments } from "../../playground/read-playground-arguments.js";

describe("npm run playground arguments", () => {
  it("runs the prompt over the gateway by default", () => {
    expect(readPlaygroundArguments([])).toEqual({ scriptPath: undefined, interactionsMode: "gateway" });
  });

  it("takes --http and a script in either order", () => {
    const expected = { scriptPath: "demo.txt", interactionsMode: "http" };
    expect(readPlaygroundArguments(["--http", "demo.txt"])).toEqual(expected);
    expect(readPlaygroundArguments(["demo.txt", "--http"])).toEqual(expected);
  });

  it("refuses unknown flags and a second script, so the usage is shown", () => {
    expect(readPlaygroundArguments(["--gateway"])).toBeUndefined();
    expect(readPlaygroundArguments(["one.txt", "two.txt"])).toBeUndefined();
  });
});
