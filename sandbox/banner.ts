// What `npm run sandbox` prints at start: where it listens, the settings to point the bot at it, the
// seeded API keys and the OAuth client. Printing them is the point of a local sandbox; they are never
// logged.
import type { RegisteredClient } from "./oauth/clients.js";
import type { SeededKey } from "./seed/seed.js";

export interface BannerInput {
  url: string;
  keys: readonly SeededKey[];
  oauthClient: RegisteredClient | undefined;
  shape: string;
  timeScale: number;
  autoApprove: boolean;
}

export function formatBanner(input: BannerInput): string {
  const lines = [
    `Platform sandbox listening on ${input.url}`,
    "",
    "Point the bot at it:",
    `  PLATFORM_API_URL=${input.url}/v1`,
    `  PLATFORM_WEBHOOKS_API_URL=${input.url}/api/v1`,
    `  PLATFORM_AUTH_URL=${input.url}`,
    `  PLATFORM_TOKEN_URL=${input.url}`,
  ];
  if (input.oauthClient !== undefined) {
    lines.push(
      `  PLATFORM_CLIENT_ID=${input.oauthClient.clientId}`,
      `  PLATFORM_CLIENT_SECRET=${input.oauthClient.clientSecret}`,
      "",
      `OAuth client "${input.oauthClient.name}", redirect URIs (exact match):`,
      ...input.oauthClient.redirectUris.map((uri) => `  ${uri}`),
    );
  }
  lines.push("", "API keys (Authorization: Bearer <key> or X-API-Key: <key>):");
  const width = Math.max(0, ...input.keys.map((key) => key.key.length));
  for (const key of input.keys) {
    const shape = key.shape === undefined ? "" : `, shape ${key.shape}`;
    lines.push(`  ${key.level.padEnd(5)}  ${key.key.padEnd(width)}  ${key.username}${shape}`);
  }
  lines.push(
    "",
    `Response shape ${input.shape} by default (per request: ?shape=A|B or X-Sandbox-Shape), time scale ×${input.timeScale}, OAuth auto-approve ${input.autoApprove ? "on" : "off"}.`,
    `Control routes: ${input.url}/sandbox/… (users, keys, tournaments, battles, clock, events); see sandbox/README.md.`,
    "",
  );
  return lines.join("\n");
}
