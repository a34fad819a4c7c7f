import { OAuth2Routes, Routes, type RESTPostOAuth2AccessTokenResult } from "discord-api-types/v10";
import type { FakeDiscord } from "../../fake-discord/index.js";

const redirectUri = "http://127.0.0.1:9/oauth2/callback";

/**
 * A user's access token for `scopes`, the way a bot gets one: the user approves the authorize URL, and
 * the code is exchanged at the token endpoint over HTTP.
 */
export async function grantUserToken(
  fake: FakeDiscord,
  userId: string,
  scopes: readonly string[],
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
  const response = await fetch(`${fake.apiUrl}/v10${Routes.oauth2TokenExchange()}`, {
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
  if (response.status !== 200) throw new Error(`The token exchange answered ${String(response.status)}`);
  return (await response.json()) as RESTPostOAuth2AccessTokenResult;
}
