// `npm run sandbox`: the platform sandbox alone (docs/architecture.md, "The stand-ins", "Running").
import { SandboxSettingsError } from "./settings-error.js";
import { loadSandboxSettingsFromProcess } from "./config.js";
import { startSandbox } from "./start.js";

async function main(): Promise<void> {
  const settings = loadSandboxSettingsFromProcess();
  const sandbox = await startSandbox(settings, (text) => process.stdout.write(`${text}\n`));
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(error instanceof SandboxSettingsError ? `${error.message}\n` : `${String(error)}\n`);
  process.exit(1);
});
