import { pino, type Logger, type LoggerOptions } from "pino";

export type { Logger };

/**
 * Paths pino blanks out wherever they appear in a log object. Secrets must never reach a log line
 * (DEVELOPERS.md standards); code should not log them at all, and this is the safety net.
 */
export const redactedPaths = [
  "token",
  "accessToken",
  "refreshToken",
  "access_token",
  "refresh_token",
  "apiKey",
  "secret",
  "clientSecret",
  "client_secret",
  "code_verifier",
  "authorization",
  "password",
  "*.token",
  "*.accessToken",
  "*.refreshToken",
  "*.access_token",
  "*.refresh_token",
  "*.apiKey",
  "*.secret",
  "*.clientSecret",
  "*.client_secret",
  "*.authorization",
  "*.password",
  "req.headers.authorization",
  'req.headers["x-api-key"]',
  'req.headers["x-service-signature"]',
  "headers.authorization",
  'headers["x-api-key"]',
];

export function createLogger(
  options: { level: string; name?: string },
  destination?: pino.DestinationStream,
): Logger {
  const loggerOptions: LoggerOptions = {
    level: options.level,
    redact: { paths: redactedPaths, censor: "[redacted]" },
    base: options.name === undefined ? {} : { name: options.name },
  };
  return destination === undefined ? pino(loggerOptions) : pino(loggerOptions, destination);
}
