// Settings of `npm run sandbox`, read from the environment once (the only sandbox module that reads
// process.env). Every problem is reported together, named by its variable.
import { z } from "zod";
import { standardOperationLimits } from "./http/rate-limit.js";
import { SandboxSettingsError } from "./settings-error.js";
import { defaultRedirectUris, type SandboxOptions } from "./sandbox.js";
import { parseKeySpecs } from "./seed/key-specs.js";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const environmentSchema = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65_535).default(4010),
  SANDBOX_HOST: z.string().trim().min(1).default("127.0.0.1"),
  SANDBOX_KEYS: optionalString,
  SANDBOX_SHAPE: z.enum(["A", "B"]).default("A"),
  SANDBOX_TIME_SCALE: z.coerce.number().positive().max(1_000_000).default(1),
  SANDBOX_AUTO_APPROVE: z.enum(["true", "false", "1", "0"]).default("false"),
  SANDBOX_WEBHOOK_PATCH: z.enum(["supported", "404", "405"]).default("supported"),
  SANDBOX_SIGNATURE_FORM: z.enum(["prefixed", "bare"]).default("prefixed"),
  SANDBOX_LIST_PAGE_CAP: z.coerce.number().int().min(1).max(100).default(100),
  SANDBOX_RATE_LIMIT: z.coerce.number().int().min(1).default(1000),
  SANDBOX_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  SANDBOX_RATE_LIMIT_CODE: z.enum(["RATE_LIMIT_EXCEEDED", "RATE_LIMITED"]).default("RATE_LIMIT_EXCEEDED"),
  SANDBOX_OPERATION_LIMITS: z.enum(["standard", "off"]).default("standard"),
  SANDBOX_OAUTH_CLIENT_ID: z.string().trim().min(1).default("sandbox-bot"),
  SANDBOX_OAUTH_CLIENT_SECRET: optionalString,
  SANDBOX_OAUTH_REDIRECT_URIS: optionalString,
  SANDBOX_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).default(3600),
  SANDBOX_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface SandboxSettings {
  port: number;
  host: string;
  logLevel: string;
  /** Everything buildSandbox takes, except the logger main.ts creates. */
  options: Omit<SandboxOptions, "logger" | "clock">;
}

export function loadSandboxSettings(
  environment: Readonly<Record<string, string | undefined>>,
): SandboxSettings {
  const parsed = environmentSchema.safeParse(environment);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  const keys = environment.SANDBOX_KEYS?.trim();
  if (keys !== undefined && keys !== "") {
    try {
      parseKeySpecs(keys);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : "SANDBOX_KEYS is malformed");
    }
  }
  const redirectUris = environment.SANDBOX_OAUTH_REDIRECT_URIS?.split(",")
    .map((uri) => uri.trim())
    .filter((uri) => uri !== "");
  for (const uri of redirectUris ?? []) {
    if (!URL.canParse(uri)) problems.push(`SANDBOX_OAUTH_REDIRECT_URIS: ${uri} is not a URL`);
  }
  if (problems.length > 0 || !parsed.success) throw new SandboxSettingsError(problems);
  const env = parsed.data;
  return {
    port: env.SANDBOX_PORT,
    host: env.SANDBOX_HOST,
    logLevel: env.SANDBOX_LOG_LEVEL,
    options: {
      timeScale: env.SANDBOX_TIME_SCALE,
      shape: env.SANDBOX_SHAPE,
      ...(env.SANDBOX_KEYS === undefined ? {} : { keys: env.SANDBOX_KEYS }),
      autoApprove: env.SANDBOX_AUTO_APPROVE === "true" || env.SANDBOX_AUTO_APPROVE === "1",
      webhookPatch: env.SANDBOX_WEBHOOK_PATCH,
      signatureForm: env.SANDBOX_SIGNATURE_FORM,
      listPageCap: env.SANDBOX_LIST_PAGE_CAP,
      rateLimits: {
        limit: env.SANDBOX_RATE_LIMIT,
        windowSeconds: env.SANDBOX_RATE_WINDOW_SECONDS,
        code: env.SANDBOX_RATE_LIMIT_CODE,
        operations: env.SANDBOX_OPERATION_LIMITS === "off" ? [] : standardOperationLimits,
      },
      oauth: { accessTokenTtlSeconds: env.SANDBOX_ACCESS_TOKEN_TTL_SECONDS },
      oauthClient: {
        clientId: env.SANDBOX_OAUTH_CLIENT_ID,
        ...(env.SANDBOX_OAUTH_CLIENT_SECRET === undefined
          ? {}
          : { clientSecret: env.SANDBOX_OAUTH_CLIENT_SECRET }),
        redirectUris:
          redirectUris !== undefined && redirectUris.length > 0 ? redirectUris : defaultRedirectUris,
      },
    },
  };
}

export function loadSandboxSettingsFromProcess(): SandboxSettings {
  return loadSandboxSettings(process.env);
}
