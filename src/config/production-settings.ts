// What production refuses that development lets pass (README, "Settings"): a PUBLIC_URL browsers and the
// platform cannot safely reach, platform addresses over plain http beyond this host, a metrics listener open
// beyond the host without a token, and an operator webhook secret short enough to guess. Each problem names
// its variable and never repeats a secret's value.

/**
 * The shortest PLATFORM_WEBHOOK_SECRET production accepts: whoever guesses the secret can sign events that
 * post in every server, and 32 random characters are far beyond guessing.
 */
export const minimumWebhookSecretLength = 32;

export interface ProductionEnvironment {
  readonly PUBLIC_URL?: string | undefined;
  readonly PLATFORM_API_URL?: string | undefined;
  readonly PLATFORM_WEBHOOKS_API_URL?: string | undefined;
  readonly PLATFORM_AUTH_URL?: string | undefined;
  readonly PLATFORM_TOKEN_URL?: string | undefined;
  readonly METRICS_HOST?: string | undefined;
  readonly METRICS_PORT?: number | undefined;
  readonly METRICS_TOKEN?: string | undefined;
  readonly PLATFORM_WEBHOOK_SECRET?: string | undefined;
}

/** Adds to `problems` every setting production must not run with; names already listed are skipped. */
export function checkProductionSettings(env: ProductionEnvironment, problems: string[]): void {
  const listed = (name: string) => problems.some((problem) => problem.startsWith(`${name}:`));
  if (!listed("PUBLIC_URL")) checkPublicUrl(env.PUBLIC_URL, problems);
  for (const name of platformUrlSettings) {
    const value = env[name];
    if (!listed(name) && value !== undefined && !isSafePlatformUrl(value)) {
      problems.push(
        `${name}: must start with https:// in production (members' tokens, API keys or sign-ins travel to ` +
          "it); http:// is only for a platform on this host",
      );
    }
  }
  if (
    !listed("METRICS_HOST") &&
    !listed("METRICS_PORT") &&
    !listed("METRICS_TOKEN") &&
    env.METRICS_PORT !== undefined &&
    env.METRICS_TOKEN === undefined &&
    env.METRICS_HOST !== undefined &&
    !isLoopbackHost(env.METRICS_HOST)
  ) {
    problems.push(
      `METRICS_HOST: ${env.METRICS_HOST} is reachable from other hosts, so production needs METRICS_TOKEN ` +
        "too (or METRICS_HOST=127.0.0.1, or METRICS_PORT=off)",
    );
  }
  const secret = env.PLATFORM_WEBHOOK_SECRET;
  if (
    !listed("PLATFORM_WEBHOOK_SECRET") &&
    secret !== undefined &&
    secret.length < minimumWebhookSecretLength
  ) {
    problems.push(
      `PLATFORM_WEBHOOK_SECRET: must be at least ${minimumWebhookSecretLength} characters in production ` +
        `(it is ${secret.length}); generate one with: openssl rand -hex 32`,
    );
  }
}

/** The platform's addresses: its API, the webhooks API, the sign-in page and the token endpoint. */
const platformUrlSettings = [
  "PLATFORM_API_URL",
  "PLATFORM_WEBHOOKS_API_URL",
  "PLATFORM_AUTH_URL",
  "PLATFORM_TOKEN_URL",
] as const;

/**
 * https, or http to this host by the names the OAuth client takes a token endpoint over http at
 * (`127.0.0.1`, `localhost`, `[::1]`: src/oauth/token-endpoint.ts), which refuses any other at its first use;
 * production says so at start instead.
 */
function isSafePlatformUrl(value: string): boolean {
  const url = new URL(value);
  return url.protocol === "https:" || (url.protocol === "http:" && httpHostsTaken.has(url.hostname));
}

const httpHostsTaken = new Set(["127.0.0.1", "localhost", "[::1]"]);

function checkPublicUrl(value: string | undefined, problems: string[]): void {
  if (value === undefined) {
    problems.push(
      "PUBLIC_URL: required in production (the OAuth redirect and webhook URLs are built on it; " +
        "http://localhost is for development only)",
    );
    return;
  }
  if (new URL(value).protocol !== "https:") {
    problems.push(
      "PUBLIC_URL: must start with https:// in production (the OAuth code, the confirm form's cookie and " +
        "webhook deliveries travel to it)",
    );
  }
}

/** True for addresses only this host reaches: `localhost`, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return (
    bare === "localhost" ||
    bare === "::1" ||
    /^127(\.\d{1,3}){3}$/.test(bare) ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(bare)
  );
}
