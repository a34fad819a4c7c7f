// The baseline of bench/role-connections.ts: the least one member's connection write needs, done directly and
// sequentially for each member: their profile and stats read from the sandbox with their key, then one PUT of
// the connection to the fake Discord with a Discord token of theirs. No database, no queue, no worker.
import { setTimeout as sleep } from "node:timers/promises";
import { OAuth2Routes, Routes, type APIApplicationRoleConnection } from "discord-api-types/v10";
import type { FakeDiscord } from "../../fake-discord/index.js";
import type { Sandbox } from "../../sandbox/sandbox.js";
import { roleConnectionKeys } from "../../src/discord/role-connection-metadata.js";
import { linkedRolesRedirectUri } from "../../src/linking/linked-roles-settings.js";
import { summariseLatencies, type LatencySummary } from "./latency-summary.js";

export interface ConnectionMember {
  readonly userId: string;
  readonly username: string;
  readonly newRating: number;
}

export const ratingOf = (connection: APIApplicationRoleConnection | undefined): string | undefined => {
  const value = connection?.metadata[roleConnectionKeys.rating];
  return value === undefined ? undefined : String(value);
};

/** Each member's direct write, timed; throws if one fails or does not hold the member's new rating. */
export async function measureDirectWrites(input: {
  readonly discord: FakeDiscord;
  readonly sandbox: Sandbox;
  readonly clientSecret: string;
  readonly publicUrl: string;
  readonly members: readonly ConnectionMember[];
}): Promise<LatencySummary> {
  const { discord, sandbox, clientSecret, publicUrl, members } = input;
  const redirectUri = linkedRolesRedirectUri(publicUrl);
  const prepared: { member: ConnectionMember; key: string; token: string }[] = [];
  for (const member of members) {
    prepared.push({
      member,
      key: sandbox.control.createApiKey({ username: member.username, level: "read" }).key,
      token: await discordToken(member.userId, redirectUri),
    });
  }
  const connectionUrl = `${discord.apiUrl}/v10${Routes.userApplicationRoleConnection(discord.applicationId)}`;
  const direct: number[] = [];
  for (const { member, key, token } of prepared) {
    const start = performance.now();
    const platform = { authorization: `Bearer ${key}` };
    const userResponse = await fetch(`${sandbox.url}/v1/users/me`, { headers: platform });
    const user = (await userResponse.json()) as { username: string; rating: number };
    const statsResponse = await fetch(`${sandbox.url}/v1/users/me/stats`, { headers: platform });
    const stats = (await statsResponse.json()) as { wins?: number };
    if (userResponse.status !== 200 || statsResponse.status !== 200) {
      throw new Error(`the sandbox answered ${userResponse.status} and ${statsResponse.status}`);
    }
    const put = await fetch(connectionUrl, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        platform_name: "Arena",
        platform_username: user.username,
        metadata: {
          [roleConnectionKeys.rating]: String(user.rating),
          [roleConnectionKeys.battlesWon]: String(stats.wins ?? 0),
        },
      }),
    });
    await put.arrayBuffer();
    if (put.status !== 200) {
      throw new Error(
        `the fake Discord answered the PUT with ${put.status}: ${JSON.stringify(discord.stats)}`,
      );
    }
    direct.push(performance.now() - start);
    if (ratingOf(discord.oauth2.roleConnection(member.userId)) !== String(member.newRating)) {
      throw new Error(`the baseline's write for ${member.username} does not hold the rating`);
    }
  }
  return summariseLatencies(direct, 0);

  /** The member's Discord token for the connection, as the verification got one: consent, then the token route. */
  async function discordToken(userId: string, redirectUri: string): Promise<string> {
    const query = new URLSearchParams({
      client_id: discord.oauth2.clientId,
      response_type: "code",
      redirect_uri: redirectUri,
      scope: "role_connections.write",
    });
    const back = new URL(
      discord.oauth2.approve(`${OAuth2Routes.authorizationURL}?${query.toString()}`, userId),
    );
    const exchange = () =>
      fetch(`${discord.apiUrl}/v10${Routes.oauth2TokenExchange()}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: back.searchParams.get("code") ?? "",
          redirect_uri: redirectUri,
          client_id: discord.oauth2.clientId,
          client_secret: clientSecret,
        }),
      });
    let response = await exchange();
    // The token route is one bucket for the application: past its limit, wait as Discord says and ask again.
    while (response.status === 429) {
      const { retry_after: retryAfter } = (await response.json()) as { retry_after: number };
      await sleep(retryAfter * 1000);
      response = await exchange();
    }
    if (response.status !== 200) throw new Error(`the token exchange answered ${response.status}`);
    return ((await response.json()) as { access_token: string }).access_token;
  }
}
