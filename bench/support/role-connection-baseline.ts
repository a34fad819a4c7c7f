// The baseline of bench/role-connections.ts: the least one member's connection write needs, done directly and
// sequentially for each member: their profile and stats read from the sandbox with their key, then one PUT of
// the connection to the fake Discord with a Discord token of theirs. No database, no queue, no worker.
import { OAuth2Scopes, Routes, type APIApplicationRoleConnection } from "discord-api-types/v10";
import { grantUserToken, type FakeDiscord } from "../../fake-discord/index.js";
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
  readonly publicUrl: string;
  readonly members: readonly ConnectionMember[];
}): Promise<LatencySummary> {
  const { discord, sandbox, publicUrl, members } = input;
  const redirectUri = linkedRolesRedirectUri(publicUrl);
  const prepared: { member: ConnectionMember; key: string; token: string }[] = [];
  for (const member of members) {
    prepared.push({
      member,
      key: sandbox.control.createApiKey({ username: member.username, level: "read" }).key,
      // A Discord token of theirs for the connection, as the verification got one: consent, then the token route.
      token: (await grantUserToken(discord, member.userId, [OAuth2Scopes.RoleConnectionsWrite], redirectUri))
        .access_token,
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
}
