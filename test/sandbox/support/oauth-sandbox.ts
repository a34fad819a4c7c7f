// A sandbox for each test with an OAuth client registered, and the steps of its authorization code flow as a
// browser and a bot take them: the consent page approved, the code exchanged at the token endpoint.
import { afterEach, beforeEach, expect } from "vitest";
import { startTestSandbox, type ApiResponse, type JsonAnswer, type TestSandbox } from "./sandbox.js";

export const redirectUri = "http://127.0.0.1:3999/oauth/callback";

export function useOAuthSandbox() {
  const world = {} as { sandbox: TestSandbox; client: { clientId: string; clientSecret: string } };
  beforeEach(async () => {
    world.sandbox = await startTestSandbox({ oauth: { accessTokenTtlSeconds: 600 } });
    const response = await world.sandbox.call("POST", "/sandbox/oauth/clients", {
      body: { name: "Test bot", redirectUris: [redirectUri] },
    });
    world.client = response.body;
  });
  afterEach(async () => {
    await world.sandbox.close();
  });

  function authorizeUrl(parameters: Record<string, string>): string {
    const query = new URLSearchParams({
      client_id: world.client.clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "read:profile write:battles",
      state: "state-123",
      ...parameters,
    });
    return `/oauth/authorize?${query.toString()}`;
  }

  /** Opens the consent page, then presses Approve as `username`, like a browser would. */
  async function approve(username: string, parameters: Record<string, string> = {}): Promise<URL> {
    const page = await world.sandbox.call("GET", authorizeUrl(parameters));
    expect(page.status).toBe(200);
    expect(page.body).toContain("Approve");
    const html: string = page.body;
    const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const decision = await fetch(`${world.sandbox.url}/oauth/authorize/decision`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ request_id: requestId, username, decision: "approve" }).toString(),
      redirect: "manual",
    });
    expect(decision.status).toBe(302);
    return new URL(decision.headers.get("location") ?? "");
  }

  async function token(
    parameters: Record<string, string>,
    format: "json" | "form" = "json",
  ): Promise<ApiResponse> {
    const response = await fetch(`${world.sandbox.url}/oauth/token`, {
      method: "POST",
      headers: {
        "content-type": format === "json" ? "application/json" : "application/x-www-form-urlencoded",
      },
      body: format === "json" ? JSON.stringify(parameters) : new URLSearchParams(parameters).toString(),
    });
    const body: JsonAnswer = await response.json();
    return { status: response.status, body, headers: response.headers };
  }

  function exchange(code: string, extra: Record<string, string> = {}): Record<string, string> {
    return {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: world.client.clientId,
      client_secret: world.client.clientSecret,
      ...extra,
    };
  }

  return { world, authorizeUrl, approve, token, exchange };
}
