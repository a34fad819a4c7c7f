import { pino, type Logger, type LoggerOptions } from "pino";

export type { Logger };

/**
 * Paths pino blanks out wherever they appear in a log object. Secrets must never reach a log line
 * (docs/architecture.md, "The rules the code keeps"); code should not log them at all, and this is the safety
 * net.
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
  "codeVerifier",
  "interactionToken",
  "pendingCredential",
  "credential",
  "browserKey",
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
  "*.code_verifier",
  "*.codeVerifier",
  "*.interactionToken",
  "*.pendingCredential",
  "*.credential",
  "*.browserKey",
  "*.authorization",
  "*.password",
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-api-key"]',
  'req.headers["x-service-signature"]',
  "headers.authorization",
  "headers.cookie",
  'headers["x-api-key"]',
];

// Discord REST errors carry the request URL, and interaction callback and webhook URLs embed the interaction
// token (a credential to post as the bot for 15 minutes).
const tokenInUrl = /\/(interactions|webhooks)\/(\d+)\/[^/?\s"]+/g;

export function redactUrlTokens(text: string): string {
  return text.replace(tokenInUrl, "/$1/$2/[redacted]");
}

function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as Record<string, unknown>;
  const safe: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (key === "requestBody") continue;
    safe[key] = typeof value === "string" ? redactUrlTokens(value) : value;
  }
  return safe;
}

export function createLogger(
  options: { level: string; name?: string },
  destination?: pino.DestinationStream,
): Logger {
  const loggerOptions: LoggerOptions = {
    level: options.level,
    redact: { paths: redactedPaths, censor: "[redacted]" },
    serializers: { err: serializeError },
    base: options.name === undefined ? {} : { name: options.name },
  };
  return destination === undefined ? pino(loggerOptions) : pino(loggerOptions, destination);
}
