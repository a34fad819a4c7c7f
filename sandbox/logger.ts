import { pino, type Logger } from "pino";

export type { Logger };

/** The sandbox logs plain JSON lines; it holds only test accounts' secrets, but still never logs them. */
export function createSandboxLogger(level: string, name = "sandbox"): Logger {
  return pino({
    level,
    base: { name },
    redact: { paths: ["authorization", "*.authorization", "secret", "*.secret"], censor: "[redacted]" },
  });
}
