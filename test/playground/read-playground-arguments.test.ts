import { describe, expect, it } from "vitest";
import { readPlaygroundArguments } from "../../playground/read-playground-arguments.js";

describe("npm run playground arguments", () => {
  it("serves the page over the gateway by default, on a free port", () => {
    expect(readPlaygroundArguments([])).toEqual({
      scriptPath: undefined,
      interactionsMode: "gateway",
      view: "web",
      port: undefined,
      open: false,
    });
  });

  it("keeps the text prompt with --terminal", () => {
    expect(readPlaygroundArguments(["--terminal"])).toMatchObject({
      view: "terminal",
      scriptPath: undefined,
    });
  });

  it("takes --http and a script in either order; a script runs as text", () => {
    const expected = {
      scriptPath: "demo.txt",
      interactionsMode: "http",
      view: "terminal",
      port: undefined,
      open: false,
    };
    expect(readPlaygroundArguments(["--http", "demo.txt"])).toEqual(expected);
    expect(readPlaygroundArguments(["demo.txt", "--http"])).toEqual(expected);
  });

  it("serves the page on the port asked for", () => {
    expect(readPlaygroundArguments(["--port=4321"])).toMatchObject({ view: "web", port: 4321 });
  });

  it("opens the page in the default browser only when --open asks", () => {
    expect(readPlaygroundArguments(["--open"])).toMatchObject({ view: "web", open: true });
    expect(readPlaygroundArguments(["--port=4321", "--open", "--http"])).toEqual({
      scriptPath: undefined,
      interactionsMode: "http",
      view: "web",
      port: 4321,
      open: true,
    });
  });

  it("refuses unknown flags, a second script, a bad port and a port for the prompt, so the usage is shown", () => {
    expect(readPlaygroundArguments(["--gateway"])).toBeUndefined();
    expect(readPlaygroundArguments(["one.txt", "two.txt"])).toBeUndefined();
    expect(readPlaygroundArguments(["--port=0"])).toBeUndefined();
    expect(readPlaygroundArguments(["--port=70000"])).toBeUndefined();
    expect(readPlaygroundArguments(["--terminal", "--port=4321"])).toBeUndefined();
  });

  it("refuses --open with the prompt, which serves no page", () => {
    expect(readPlaygroundArguments(["--terminal", "--open"])).toBeUndefined();
    expect(readPlaygroundArguments(["--open", "demo.txt"])).toBeUndefined();
  });
});
