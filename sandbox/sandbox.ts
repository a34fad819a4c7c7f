// buildSandbox: the whole sandbox in-process, for main.ts and for tests (listen on port 0, or use
// app.inject). With an injected clock nothing runs on timers: tests move time with `advance` and wait
// for webhook attempts with `idle`.
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { systemClock, type Clock } from "./clock.js";
import { createSandboxLogger, type Logger } from "./logger.js";
import { buildApp } from "./app.js";
import { SandboxClock } from "./clock.js";
import { createControl, type SandboxControl } from "./control.js";
import type { CoreDeps } from "./core/deps.js";
import { nextDueWorkAt, runDueWork } from "./core/due-work.js";
import type { SandboxDeps } from "./deps.js";
import { defaultRateLimits, SlidingWindowLimiter, type RateLimitSettings } from "./http/rate-limit.js";
import { AnswerHolds, type AnswerHold } from "./http/answer-holds.js";
import { RequestGauge } from "./http/request-gauge.js";
import { newId } from "./ids.js";
import type { RegisteredClient } from "./oauth/clients.js";
import { defaultOAuthSettings, type OAuthSettings } from "./oauth/settings.js";
import { DueWorkScheduler } from "./scheduler.js";
import { parseKeySpecs } from "./seed/key-specs.js";
import { seedState, type SeededKey } from "./seed/seed.js";
import { createState, type SandboxState, type Shape, type WebhookPatchSupport } from "./state.js";
import { WebhookDispatcher } from "./webhooks/dispatcher.js";
import { responseDeadline } from "./webhooks/retry-schedule.js";
import type { SignatureForm } from "./webhooks/signature.js";

export interface SandboxOptions {
  /** Base time source; when given, no timers run (see the file comment). */
  clock?: Clock;
  /** Sandbox seconds per real second (SANDBOX_TIME_SCALE); ignored with an injected clock. */
  timeScale?: number;
  /** Default response shape where the spec shows two (SANDBOX_SHAPE). */
  shape?: Shape;
  /** SANDBOX_KEYS, e.g. `read:KEY1,write:KEY2,admin:KEY3`. */
  keys?: string;
  autoApprove?: boolean;
  /** How PATCH /api/v1/webhooks/{id} answers (SANDBOX_WEBHOOK_PATCH; default `supported`). */
  webhookPatch?: WebhookPatchSupport;
  /** The most items a list answers with, 1–100 (SANDBOX_LIST_PAGE_CAP; default 100). */
  listPageCap?: number;
  /** Seed users, problems, tournaments, keys and the OAuth client (default true). */
  seed?: boolean;
  rateLimits?: Partial<RateLimitSettings>;
  oauth?: Partial<OAuthSettings>;
  oauthClient?: { clientId?: string; clientSecret?: string; redirectUris?: string[] };
  /** Real milliseconds a webhook endpoint has to answer; default 10 s divided by the time scale, at least 1 s. */
  deliveryTimeoutMs?: number;
  /** `X-Service-Signature` with the `sha256=` prefix (default) or without (SANDBOX_SIGNATURE_FORM). */
  signatureForm?: SignatureForm;
  logger?: Logger;
}

export interface Sandbox {
  app: FastifyInstance;
  /** The base address once listening, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  state: SandboxState;
  clock: SandboxClock;
  control: SandboxControl;
  /** The seeded API keys in plaintext (printed at start; the state holds only hashes). */
  keys: readonly SeededKey[];
  oauthClient: RegisteredClient | undefined;
  /** Moves sandbox time forward, runs due work and waits for the webhook attempts it started. */
  advance(milliseconds: number): Promise<void>;
  /** Runs due work for the current time and waits for the webhook attempts it started. */
  tick(): Promise<void>;
  /** Waits until no webhook attempt is in flight. */
  idle(): Promise<void>;
  /** The `/v1` and `/api/v1` requests being answered now, and the most at once (`http/request-gauge.ts`). */
  readonly apiRequestsInFlight: RequestGauge;
  /** Holds the answers to API requests of `method` whose path (and query, when given) match until released. */
  holdAnswers(method: string, path: RegExp, query?: RegExp): AnswerHold;
}

export const defaultRedirectUris = [
  "http://localhost:3000/oauth/callback",
  "http://127.0.0.1:3000/oauth/callback",
];

export async function buildSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const timeScale = options.clock === undefined ? (options.timeScale ?? 1) : 1;
  const clock = new SandboxClock(options.clock ?? systemClock, timeScale);
  const logger = options.logger ?? createSandboxLogger("silent");
  const state = createState(clock.now());
  const rateLimits = { ...defaultRateLimits, ...options.rateLimits };
  // The scheduler and the dispatcher refer to each other, through closures called after both exist.
  const scheduler = new DueWorkScheduler({
    clock,
    enabled: options.clock === undefined,
    nextDueAt: () => Math.min(nextDueWorkAt(core), dispatcher.nextDueAt() ?? Number.POSITIVE_INFINITY),
    tick: () => {
      runDue();
    },
  });
  const dispatcher = new WebhookDispatcher({
    state,
    clock,
    logger,
    deliveryTimeoutMs: options.deliveryTimeoutMs ?? Math.max(1000, responseDeadline / timeScale),
    signatureForm: options.signatureForm ?? "prefixed",
    onRetryScheduled: () => {
      scheduler.poke();
    },
  });
  const core: CoreDeps = {
    state,
    clock,
    publish: (kind, data, cause) => dispatcher.publish(kind, data, cause),
  };
  const runDue = (): void => {
    try {
      runDueWork(core);
      dispatcher.runDue();
    } catch (error) {
      logger.error({ err: error }, "due work failed");
    }
  };
  const deps: SandboxDeps = {
    ...core,
    dispatcher,
    limiter: new SlidingWindowLimiter(clock, rateLimits),
    logger,
    defaultShape: options.shape ?? "A",
    oauth: { ...defaultOAuthSettings, ...options.oauth },
    tick: runDue,
  };
  const seeded =
    options.seed === false
      ? undefined
      : seedState(state, clock.now(), {
          keys: options.keys === undefined ? undefined : parseKeySpecs(options.keys),
          oauthClient: {
            ...options.oauthClient,
            redirectUris: options.oauthClient?.redirectUris ?? defaultRedirectUris,
          },
        });
  state.oauth.autoApprove = options.autoApprove ?? false;
  state.webhookPatch = options.webhookPatch ?? "supported";
  state.listPageCap = options.listPageCap ?? 100;
  const control = createControl(core);
  const tick = async (): Promise<void> => {
    runDue();
    await dispatcher.idle();
    scheduler.poke();
  };
  const advance = async (milliseconds: number): Promise<void> => {
    clock.advance(milliseconds);
    await tick();
  };
  const fastifyLogger: FastifyBaseLogger = logger;
  const app: FastifyInstance = Fastify({
    loggerInstance: fastifyLogger,
    genReqId: () => newId("req"),
    // A stand-in stops at once: a browser's kept-alive or spare connections must not hold its close.
    forceCloseConnections: true,
    logController: new LogController({ disableRequestLogging: true }),
  });
  const onResponse = (): void => {
    scheduler.poke();
  };
  const apiRequestsInFlight = new RequestGauge();
  const holds = new AnswerHolds();
  await app.register(buildApp, {
    deps,
    runtime: { control, advance },
    onResponse,
    gauge: apiRequestsInFlight,
    holds,
  });
  await app.ready();
  scheduler.poke();
  let url: string | undefined;
  return {
    app,
    get url() {
      if (url === undefined) throw new Error("the sandbox is not listening yet");
      return url;
    },
    listen: async (port = 0, host = "127.0.0.1") => {
      const address = await app.listen({ port, host });
      url = address.replace("[::1]", "localhost");
      return url;
    },
    close: async () => {
      scheduler.close();
      await dispatcher.close();
      await app.close();
    },
    state,
    clock,
    control,
    keys: seeded?.keys ?? [],
    oauthClient: seeded?.oauthClient,
    advance,
    tick,
    idle: () => dispatcher.idle(),
    apiRequestsInFlight,
    holdAnswers: (method, path, query) => holds.hold(method, path, query),
  };
}
