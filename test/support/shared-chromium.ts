// One headless Chromium for the whole run, which every browser test connects to (a context of its own per
// file: test/playground/playground-page.ts). Launching a browser per file cost about 2.3 s and 3.6 s of CPU
// each on a 2-core machine, for 14 files; a context on a running browser costs a small part of that. The run
// waits for the launch once, before its first file; the teardown closes it.
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the run's Chromium answers (`ws://127.0.0.1:…/…`), or "" when there is no Chromium. */
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
  // On 127.0.0.1, where the tests dial it: Playwright's default, `localhost`, may be only ::1 on a host.
  // Its port is the system's pick and its path a secret of this run's (Playwright makes one).
  const server = await chromium.launchServer({
    executablePath: chromiumPath,
    headless: true,
    args: ["--no-sandbox"],
    host: "127.0.0.1",
    port: 0,
  });
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}
