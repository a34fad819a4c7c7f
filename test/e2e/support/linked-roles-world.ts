// Linked Roles in an end-to-end world (docs/architecture.md, "Linked Roles"): the metadata deployed, a member
// verified through the verification URL over real HTTP with Discord's consent on the fake, their connection
// read back from the fake over HTTP with a token of the member's own, and a rating change the platform signs.
import { REST } from "@discordjs/rest";
import type { APIApplicationRoleConnection } from "discord-api-types/v10";
import { Routes } from "discord-api-types/v10";
import { expect } from "vitest";
import { grantUserToken } from "../../../fake-discord/index.js";
import type { RunningBot } from "../../../src/bot/build-bot.js";
import { registerRoleConnectionMetadata } from "../../../src/discord/role-connection-metadata.js";
import {
  linkedRolesRedirectUri,
  linkedRolesVerificationUrl,
} from "../../../src/linking/linked-roles-settings.js";
import type { EndToEnd, EndToEndOptions } from "../harness.js";
import { operatorSecret, sendOperatorEvent } from "./operator-webhook.js";

export const linkedRolesClientSecret = "linked-roles-client-secret";

/** What startEndToEnd takes for Linked Roles and the operator's signed webhook. */
export function linkedRolesOptions(env: Readonly<Record<string, string>> = {}): EndToEndOptions {
  return {
    discord: { oauth2: { clientSecret: linkedRolesClientSecret } },
    env: {
      DISCORD_CLIENT_SECRET: linkedRolesClientSecret,
      PLATFORM_WEBHOOK_SECRET: operatorSecret,
      ...env,
    },
  };
}

/** The Developer Portal's part: the redirect URI registered and the metadata records deployed. */
export async function setUpLinkedRoles(world: EndToEnd): Promise<void> {
  world.discord.oauth2.addRedirectUri(linkedRolesRedirectUri(world.publicUrl));
  const rest = new REST({ api: world.discord.apiUrl }).setToken(world.discord.botToken);
  await registerRoleConnectionMetadata(rest, world.discord.applicationId);
}

/** The member opens the verification URL in a browser, approves on Discord and lands on the bot's page. */
export async function verifyLinkedRoles(world: EndToEnd, userId: string): Promise<string> {
  const page = await openLinkedRolesVerification(world, userId);
  expect(page.status).toBe(200);
  return page.text();
}

/** The same, with the bot's page as it answered, whatever its status. */
export async function openLinkedRolesVerification(world: EndToEnd, userId: string): Promise<Response> {
  const opened = await fetch(linkedRolesVerificationUrl(world.publicUrl), { redirect: "manual" });
  expect(opened.status).toBe(303);
  const cookie = opened.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  const redirect = world.discord.oauth2.approve(opened.headers.get("location") ?? "", userId);
  return fetch(redirect, { headers: { cookie }, redirect: "manual" });
}

/** The member's connection as Discord answers it to a token of their own (Get Current User Application Role Connection). */
export async function readConnectionOverHttp(
  world: EndToEnd,
  userId: string,
): Promise<APIApplicationRoleConnection> {
  const { access_token: token } = await grantUserToken(world.discord, userId, ["role_connections.write"]);
  const route = Routes.userApplicationRoleConnection(world.discord.applicationId);
  const response = await fetch(`${world.discord.apiUrl}/v10${route}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as APIApplicationRoleConnection;
}

/** The sandbox's account of `username`, whose rating the platform then reports. */
export function platformUser(world: EndToEnd, username: string) {
  const user = [...world.sandbox.state.users.values()].find((candidate) => candidate.username === username);
  if (user === undefined) throw new Error(`the sandbox has no user ${username}`);
  return user;
}

let eventNumber = 0;

/** The platform moves the player's rating and signs `user.rating_changed` to `bot` (accepted: 200). */
export async function changeRating(
  world: EndToEnd,
  bot: RunningBot,
  username: string,
  newRating: number,
): Promise<void> {
  const user = platformUser(world, username);
  const oldRating = user.rating;
  user.rating = newRating;
  eventNumber += 1;
  await sendOperatorEvent(bot, {
    id: `evt_rating_${String(Date.now())}_${String(eventNumber)}`,
    event: "user.rating_changed",
    created: new Date().toISOString(),
    data: {
      object: "user",
      id: user.id,
      user: { id: user.id, username: user.username },
      old_rating: oldRating,
      new_rating: newRating,
      change: newRating - oldRating,
    },
  });
}
