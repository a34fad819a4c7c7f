// A small OAuth 2.0 authorization server on 127.0.0.1 for the client helpers: it checks what it receives
// (client credentials, PKCE verifier, redirect URI, body format) the way a strict server would, and
// records every request so tests can assert the exact body that was sent.
import { createHash } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const clientId = "client_bot";
export const clientSecret = "client_secret_do_not_leak";

export interface ReceivedTokenRequest {
  readonly path: string;
  readonly contentType: string | undefined;
  readonly headers: IncomingHttpHeaders;
  readonly params: Readonly<Record<string, string>> | undefined;
}

export interface QueuedAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface OAuthFixture {
  readonly url: string;
  readonly received: ReceivedTokenRequest[];
  /** Every token pair the fixture issued, oldest first. */
  readonly issued: readonly { readonly accessToken: string; readonly refreshToken: string }[];
  /** Registers a code as if the member had approved the authorize page. */
  issueCode(code: string, codeChallenge: string, redirectUri: string): void;
  /** Answers the next token request with this instead. */
  queueAnswer(answer: QueuedAnswer): void;
  /** Holds token answers until the returned function is called. */
  holdAnswers(): () => void;
  /** From now on, token answers leave out `expires_in`, as a platform may (RFC 6749 §5.1). */
  leaveOutExpiresIn(): void;
  /** From now on, revocation requests are answered 503. */
  failRevocations(): void;
  /** From now on, revocation requests are answered with this status (200 at first), and this OAuth `error`. */
  answerRevocations(status: number, error?: string): void;
  /** Holds revocation answers until the returned function is called. */
  holdRevocations(): () => void;
  close(): Promise<void>;
}

interface IssuedCode {
  readonly challenge: string;
  readonly redirectUri: string;
}

export async function startOAuthFixture(): Promise<OAuthFixture> {
  const received: ReceivedTokenRequest[] = [];
  const codes = new Map<string, IssuedCode>();
  const refreshTokens = new Set<string>();
  const queued: QueuedAnswer[] = [];
  let gate: Promise<void> | undefined;
  let revocationGate: Promise<void> | undefined;
  const issuedPairs: { accessToken: string; refreshToken: string }[] = [];
  let issued = 0;
  let expiresIn: number | undefined = 3600;
  let revocationStatus = 200;
  let revocationError: string | undefined;

  function issueTokens(): QueuedAnswer {
    issued += 1;
    const refreshToken = `refresh_${issued}`;
    refreshTokens.add(refreshToken);
    issuedPairs.push({ accessToken: `access_${issued}`, refreshToken });
    return {
      status: 200,
      body: {
        access_token: `access_${issued}`,
        token_type: "Bearer",
        ...(expiresIn === undefined ? {} : { expires_in: expiresIn }),
        refresh_token: refreshToken,
        scope: "read:profile write:battles",
      },
    };
  }

  function answerToken(params: Readonly<Record<string, string>>): QueuedAnswer {
    const queuedAnswer = queued.shift();
    if (queuedAnswer !== undefined) return queuedAnswer;
    if (params.client_id !== clientId || params.client_secret !== clientSecret) {
      return oauthError(401, "invalid_client", "unknown client");
    }
    if (params.grant_type === "authorization_code") {
      const code = codes.get(params.code ?? "");
      codes.delete(params.code ?? "");
      if (code === undefined) return oauthError(400, "invalid_grant", "code unknown or already used");
      if (code.redirectUri !== params.redirect_uri)
        return oauthError(400, "invalid_grant", "redirect_uri mismatch");
      const challenge = createHash("sha256")
        .update(params.code_verifier ?? "")
        .digest("base64url");
      if (challenge !== code.challenge) return oauthError(400, "invalid_grant", "PKCE verification failed");
      return issueTokens();
    }
    if (params.grant_type === "refresh_token") {
      if (!refreshTokens.delete(params.refresh_token ?? "")) {
        return oauthError(400, "invalid_grant", `refresh token ${params.refresh_token ?? ""} is not valid`);
      }
      return issueTokens();
    }
    return oauthError(400, "unsupported_grant_type", "unknown grant");
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const contentType = request.headers["content-type"];
      const params = parseBody(text, contentType);
      const path = new URL(request.url ?? "/", "http://fixture").pathname;
      received.push({ path, contentType, headers: request.headers, params });
      if (path === "/oauth/revoke") {
        const status = revocationStatus;
        const body = revocationError === undefined ? {} : { error: revocationError };
        void (revocationGate ?? Promise.resolve()).then(() => {
          send(response, { status, body });
        });
        return;
      }
      if (path !== "/oauth/token" || params === undefined) {
        send(response, oauthError(400, "invalid_request", "expected a JSON or form body at /oauth/token"));
        return;
      }
      const answer = answerToken(params);
      void (gate ?? Promise.resolve()).then(() => {
        send(response, answer);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    issued: issuedPairs,
    issueCode: (code, challenge, redirectUri) => codes.set(code, { challenge, redirectUri }),
    queueAnswer: (answer) => queued.push(answer),
    holdAnswers: () => {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = undefined;
        release();
      };
    },
    leaveOutExpiresIn: () => {
      expiresIn = undefined;
    },
    failRevocations: () => {
      revocationStatus = 503;
    },
    answerRevocations: (status, error) => {
      revocationStatus = status;
      revocationError = error;
    },
    holdRevocations: () => {
      let release = () => {};
      revocationGate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        revocationGate = undefined;
        release();
      };
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

function parseBody(text: string, contentType: string | undefined): Record<string, string> | undefined {
  if (contentType?.startsWith("application/json") === true) return JSON.parse(text) as Record<string, string>;
  if (contentType?.startsWith("application/x-www-form-urlencoded") === true) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  return undefined;
}

function oauthError(status: number, error: string, description: string): QueuedAnswer {
  return { status, body: { error, error_description: description } };
}

function send(response: ServerResponse, answer: QueuedAnswer): void {
  response.writeHead(answer.status, {
    "content-type": "application/json",
    "cache-control": "no-store",
    ...answer.headers,
  });
  response.end(JSON.stringify(answer.body));
}
