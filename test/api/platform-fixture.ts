// A small HTTP server on 127.0.0.1 answering with the example shapes of the platform's API reference, until
// the sandbox (sandbox/) can stand in. `shape` picks A or B per request; `queueReplies` overrides the next
// answers (errors, hangs, malformed bodies). Every request is recorded so tests can assert what was sent.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { createPlatformHttp, type PlatformHttp, type PlatformHttpOptions } from "../../src/api/http.js";
import { findExample, type Shape } from "./examples/index.js";

export type { Shape };

export interface FixtureReply {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /** Sent as is, instead of JSON. */
  readonly rawBody?: string;
  /** Never answer (for time-out tests). */
  readonly hang?: boolean;
  /** Answer only once this settles (a request the test keeps waiting while it does something else). */
  readonly after?: Promise<unknown>;
  /** Answer with the route's example body, with this reply's status and headers on top. */
  readonly example?: boolean;
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly rawBody: string;
  readonly body: unknown;
}

export interface PlatformFixture {
  readonly baseUrl: string;
  readonly webhooksBaseUrl: string;
  readonly requests: RecordedRequest[];
  shape: Shape;
  queueReplies(...replies: FixtureReply[]): void;
  /** Forgets recorded requests and queued replies, and goes back to shape A. */
  reset(): void;
  close(): Promise<void>;
}

/** Rate-limit headers on every answer (the platform's API reference, "Limits"), far from exhausted by default. */
export const plentyOfRequests = {
  "x-ratelimit-limit": "1000",
  "x-ratelimit-remaining": "999",
  "x-ratelimit-reset": String(Math.floor(Date.UTC(2026, 0, 1, 1) / 1000)),
  "x-ratelimit-window": "3600",
};

export async function startPlatformFixture(): Promise<PlatformFixture> {
  const requests: RecordedRequest[] = [];
  const queued: FixtureReply[] = [];
  const state = { shape: "A" as Shape };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://fixture");
      const rawBody = Buffer.concat(chunks).toString("utf8");
      requests.push({
        method: request.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        rawBody,
        body: rawBody === "" ? undefined : (JSON.parse(rawBody) as unknown),
      });
      const example = exampleReply(request.method ?? "GET", url.pathname, state.shape);
      const next = queued.shift() ?? example;
      const reply: FixtureReply = next.example === true ? { ...example, ...next } : next;
      if (reply.hang === true) return;
      const send = () => {
        if (!response.destroyed) sendReply(response, reply);
      };
      if (reply.after === undefined) send();
      else void reply.after.then(send, send);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    baseUrl: `${origin}/v1`,
    webhooksBaseUrl: `${origin}/api/v1`,
    requests,
    get shape() {
      return state.shape;
    },
    set shape(shape: Shape) {
      state.shape = shape;
    },
    queueReplies: (...replies) => queued.push(...replies),
    reset: () => {
      requests.length = 0;
      queued.length = 0;
      state.shape = "A";
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

function exampleReply(method: string, path: string, shape: Shape): FixtureReply {
  const example = findExample(method, path, shape);
  if (example !== undefined) return example;
  return {
    status: 404,
    body: { error: { code: "NOT_FOUND", message: `no route ${method} ${path}`, requestId: "req_fixture" } },
  };
}

function sendReply(response: ServerResponse, reply: FixtureReply): void {
  const text = reply.rawBody ?? (reply.body === undefined ? "" : JSON.stringify(reply.body));
  response.writeHead(reply.status ?? 200, {
    ...plentyOfRequests,
    ...(reply.rawBody === undefined ? { "content-type": "application/json" } : {}),
    ...reply.headers,
  });
  response.end(text);
}

export interface FixtureClient {
  readonly http: PlatformHttp;
  readonly clock: ManualClock;
  /** Delays the client asked its injected sleep for (the GET retry pause). */
  readonly sleeps: number[];
}

/** A PlatformHttp pointed at the fixture, with a manual clock and a sleep that returns at once. */
export function createFixtureClient(
  fixture: PlatformFixture,
  overrides: Partial<Omit<PlatformHttpOptions, "clock">> = {},
): FixtureClient {
  const clock = new ManualClock();
  const sleeps: number[] = [];
  const http = createPlatformHttp({
    baseUrl: fixture.baseUrl,
    webhooksBaseUrl: fixture.webhooksBaseUrl,
    timeoutMs: 5_000,
    clock,
    sleep: (milliseconds) => {
      sleeps.push(milliseconds);
      return Promise.resolve();
    },
    ...overrides,
  });
  return { http, clock, sleeps };
}

export const credential = { token: "tok_member_secret_1234567890" };

/** One fixture for the calling test file, reset before each test; read it through the returned object. */
export function usePlatformFixture(): PlatformFixture {
  let current: PlatformFixture | undefined;
  const started = (): PlatformFixture => {
    if (current === undefined) throw new Error("the platform fixture starts in beforeAll");
    return current;
  };
  beforeAll(async () => {
    current = await startPlatformFixture();
  });
  afterAll(() => current?.close());
  beforeEach(() => {
    started().reset();
  });
  return {
    get baseUrl() {
      return started().baseUrl;
    },
    get webhooksBaseUrl() {
      return started().webhooksBaseUrl;
    },
    get requests() {
      return started().requests;
    },
    get shape() {
      return started().shape;
    },
    set shape(shape: Shape) {
      started().shape = shape;
    },
    queueReplies: (...replies) => {
      started().queueReplies(...replies);
    },
    reset: () => {
      started().reset();
    },
    close: () => started().close(),
  };
}
