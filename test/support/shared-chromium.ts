// One headless Chromium for the whole run, which every browser test connects to (a context of its own per
// file: test/playground/playground-page.ts). Launching a browser per file cost about 2.3 s and 3.6 s of CPU
// each on a 2-core machine, for 14 files; a context on a running browser costs a small part of that. The
// browser is launched in the background, so a run with no browser test waits for nothing: its address (a port
// picked here and a path no one else knows) is known before it listens, and a test's connection retries until
// it does. The teardown closes it.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chromium, type BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { findFreePort } from "../../playground/free-port.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the run's Chromium answers (`ws://127.0.0.1:…`), or "" when there is no Chromium to launch. */
    chromiumEndpoint: string;
  }
}

/** CHROMIUM_PATH, or Debian's Chromium; undefined when neither is there (the browser tests then skip). */
export const chromiumPath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].find(
  (path): path is string => path !== undefined && path !== "" && existsSync(path),
);

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (chromiumPath === undefined) {
    project.provide("chromiumEndpoint", "");
    return () => Promise.resolve();
  }
  const port = await findFreePort();
  const wsPath = `/chromium-${randomBytes(12).toString("hex")}`;
  const launched: Promise<BrowserServer | undefined> = chromium
    .launchServer({ executablePath: chromiumPath, headless: true, args: ["--no-sandbox"], port, wsPath })
    .catch((error: unknown) => {
      // The browser tests then fail, each saying it could not connect; this says why.
      console.error(`Chromium (${chromiumPath}) did not start: ${String(error)}`);
      return undefined;
    });
  project.provide("chromiumEndpoint", `ws://127.0.0.1:${port}${wsPath}`);
  return async () => {
    await (await launched)?.close();
  };
}
