// `--open`: the page's address in the default browser. The opener runs detached and is never waited for;
// if it cannot start or fails, one plain line says so and the playground carries on.
import { spawn } from "node:child_process";

/** A program and its arguments that open an address. */
export interface Opener {
  readonly command: string;
  readonly args: readonly string[];
}

/** The platform's own way to open an address: `open` on macOS, `start` on Windows, else `xdg-open`. */
export function defaultOpener(platform: NodeJS.Platform, url: string): Opener {
  if (platform === "darwin") return { command: "open", args: [url] };
  // `start` is built into cmd; its first quoted argument is a window title, hence the empty one.
  if (platform === "win32") return { command: "cmd", args: ["/c", "start", '""', url] };
  return { command: "xdg-open", args: [url] };
}

/**
 * Starts `opener` (by default the platform's) on its own and lets it go. `print` hears about a failure only;
 * the returned promise settles once the opener has exited or failed to start, for callers that care, and
 * never rejects.
 */
export function openInBrowser(
  url: string,
  print: (text: string) => void,
  opener: Opener = defaultOpener(process.platform, url),
): Promise<void> {
  const failed = (why: string) => {
    print(`Could not open a browser (${opener.command}: ${why}); open ${url} yourself.`);
  };
  if (!isPlainWebAddress(url)) {
    failed("not a plain http address");
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(opener.command, [...opener.args], {
        detached: true,
        stdio: "ignore",
        windowsVerbatimArguments: opener.command === "cmd",
      });
    } catch (error) {
      failed(error instanceof Error ? error.message : String(error));
      resolve();
      return;
    }
    child.once("error", (error) => {
      failed(error.message);
      resolve();
    });
    child.once("exit", (code, signal) => {
      if (code !== 0) failed(code === null ? `stopped by ${signal ?? "a signal"}` : `exit code ${code}`);
      resolve();
    });
    // The playground may stop before the opener does.
    child.unref();
  });
}

/**
 * An http(s) address with none of the characters cmd gives a meaning to (`start` goes through cmd on
 * Windows, which would run what follows a `&`): the page's own address always is one.
 */
export function isPlainWebAddress(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (parsed.protocol === "http:" || parsed.protocol === "https:") && !/[\s"%&<>^|]/.test(url);
}
