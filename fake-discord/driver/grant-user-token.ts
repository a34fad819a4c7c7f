// A user's OAuth2 access token from the fake, got the way a bot gets one (docs: OAuth2, "Authorization Code
// Grant"): the user approves the authorize URL on the consent page, and the code is exchanged at the token
// endpoint over HTTP with the application's secret. For tests and benchmarks that act as a user.
import { setTimeout as sleep } from "node:timers/promises";
import { OAuth2Routes, Routes, type RESTPostOAuth2AccessTokenResult } from "discord.js";
import type { FakeDiscord } from "../fake-discord.js";

const defaultRedirectUri = "http://127.0.0.1:9/oauth2/callback";

/**
 * The token for `scopes`, redirected to `redirectUri` (registered here when it was not). The token route is
 * one bucket for the application: past its limit, the exchange waits as the 429 says and asks again.
 */
export async function grantUserToken(
  fake: FakeDiscord,
  userId: string,
  scopes: readonly string[],
  redirectUri = defaultRedirectUri,
): Promise<RESTPostOAuth2AccessTokenResult> {
  fake.oauth2.addRedirectUri(redirectUri);
  const query = new URLSearchParams({
    client_id: fake.oauth2.clientId,
    response_type: "code",
    redirect_uri: redirectUri,
    scope: scopes.join(" "),
  });
  const redirect = new URL(
    fake.oauth2.approve(`${OAuth2Routes.authorizationURL}?${query.toString()}`, userId),
  );
  const exchange = () =>
    fetch(`${fake.apiUrl}/v10${Routes.oauth2TokenExchange()}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: redirect.searchParams.get("code") ?? "",
        redirect_uri: redirectUri,
        client_id: fake.oauth2.clientId,
        client_secret: fake.oauth2.clientSecret,
      }),
    });
  let response = await exchange();
  while (response.status === 429) {
    const { retry_after: retryAfter } = (await response.json()) as { retry_after: number };
    await sleep(retryAfter * 1000);
    response = await exchange();
  }
  if (response.status !== 200) throw new Error(`The token exchange answered ${String(response.status)}`);
  return (await response.json()) as RESTPostOAuth2AccessTokenResult;
}
