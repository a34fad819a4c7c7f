// Starting the sandbox the way `npm run sandbox` does, apart from reading the environment, so a test can
// run exactly this and read what it prints.
import { createSandboxLogger } from "./logger.js";
import { formatBanner } from "./banner.js";
import type { SandboxSettings } from "./config.js";
import { buildSandbox, type Sandbox } from "./sandbox.js";

export async function startSandbox(
  settings: SandboxSettings,
  print: (text: string) => void,
): Promise<Sandbox> {
  const logger = createSandboxLogger(settings.logLevel);
  const sandbox = await buildSandbox({ ...settings.options, logger });
  const url = await sandbox.listen(settings.port, settings.host);
  print(
    formatBanner({
      url,
      keys: sandbox.keys,
      oauthClient: sandbox.oauthClient,
      shape: settings.options.shape ?? "A",
      timeScale: sandbox.clock.scale,
      autoApprove: settings.options.autoApprove ?? false,
    }),
  );
  return sandbox;
}
