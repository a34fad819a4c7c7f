import { describe, expect, it } from "vitest";
import { defaultOpener, isPlainWebAddress, openInBrowser } from "../../playground/open-in-browser.js";

// No browser is launched here: the openers below are node itself, or a program that does not exist.
describe("--open", () => {
  const url = "http://127.0.0.1:4321";

  it("uses xdg-open on Linux, open on macOS and start on Windows", () => {
    expect(defaultOpener("linux", url)).toEqual({ command: "xdg-open", args: [url] });
    expect(defaultOpener("freebsd", url)).toEqual({ command: "xdg-open", args: [url] });
    expect(defaultOpener("darwin", url)).toEqual({ command: "open", args: [url] });
    expect(defaultOpener("win32", url)).toEqual({ command: "cmd", args: ["/c", "start", '""', url] });
  });

  it("opens only a plain http address, never one cmd would read as more commands", async () => {
    expect(isPlainWebAddress(url)).toBe(true);
    expect(isPlainWebAddress("https://127.0.0.1:4321/page?x=1")).toBe(true);
    for (const refused of [
      "http://127.0.0.1:4321/&calc",
      "http://127.0.0.1:4321/|x",
      'http://127.0.0.1:4321/"',
      "http://127.0.0.1:4321/%PATH%",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "not a url",
    ])
      expect(isPlainWebAddress(refused), refused).toBe(false);

    const said: string[] = [];
    // An opener that would fail loudly if it ran: it is never started.
    await openInBrowser("http://127.0.0.1:4321/&calc", (text) => said.push(text), {
      command: process.execPath,
      args: ["-e", "process.exit(7)"],
    });
    expect(said).toEqual([
      "Could not open a browser (" +
        process.execPath +
        ": not a plain http address); open http://127.0.0.1:4321/&calc yourself.",
    ]);
  });

  it("says nothing when the opener succeeds, and hands it the address", async () => {
    const said: string[] = [];
    const script = `if (process.argv[1] !== ${JSON.stringify(url)}) process.exit(9)`;
    await openInBrowser(url, (text) => said.push(text), {
      command: process.execPath,
      args: ["-e", script, url],
    });
    expect(said).toEqual([]);
  });

  it("prints one plain line when the opener cannot start, without throwing", async () => {
    const said: string[] = [];
    await openInBrowser(url, (text) => said.push(text), {
      command: "no-such-opener-for-the-playground",
      args: [],
    });
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(
      /^Could not open a browser \(no-such-opener-for-the-playground: .*ENOENT.*\); open http:\/\/127\.0\.0\.1:4321 yourself\.$/,
    );
  });

  it("prints one plain line when the opener fails", async () => {
    const said: string[] = [];
    await openInBrowser(url, (text) => said.push(text), {
      command: process.execPath,
      args: ["-e", "process.exit(3)"],
    });
    expect(said).toEqual([
      `Could not open a browser (${process.execPath}: exit code 3); open ${url} yourself.`,
    ]);
  });
});
