// The member's Discord token for Linked Roles after the verification (docs/architecture.md, "Linked Roles"),
// against the fake Discord on one clock with the bot: refreshed before it expires, and a revoked one marks the
// connection for re-verification, whether the refresh or the write finds out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import type { LinkedRolesSettings } from "../../src/linking/linked-roles-settings.js";
import { readRoleConnectionToken } from "../../src/linking/role-connection-token.js";
import { updateRoleConnection } from "../../src/linking/update-role-connection.js";
import { findRoleConnection } from "../../src/store/role-connections.js";
import type { FakeDiscord } from "../../fake-discord/index.js";
import {
  type LinkedRolesApp,
  type LinkedRolesWorld,
  startLinkedRolesWorld,
  verifiedMember,
} from "../http/support/linked-roles-app.js";

const week = 7 * 24 * 60 * 60_000;

describe("the Linked Roles Discord token", () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  let world: LinkedRolesWorld;
  let fake: FakeDiscord;
  let linkedRoles: LinkedRolesApp;
  let settings: LinkedRolesSettings;
  let guildId: string;

  beforeAll(async () => {
    world = await startLinkedRolesWorld({ clock });
    ({ fake, linkedRoles, guildId } = world);
    ({ settings } = linkedRoles);
  });
  afterAll(() => world.close());

  const verified = (username: string) =>
    verifiedMember(linkedRoles, fake, { guildId, username, now: clock.now() });
  const stored = (userId: string) =>
    findRoleConnection(linkedRoles.deps.db, linkedRoles.deps.secretBox, userId);
  const revoke = (token: string) =>
    fetch(`${fake.apiUrl}/v10/oauth2/token/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token,
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      }),
    });

  it("refreshes the token a minute before it expires, stores the new one sealed, and uses it", async () => {
    const userId = await verified("rita");
    const before = (await stored(userId))?.credential;
    expect(await readRoleConnectionToken(linkedRoles.deps, settings, userId)).toMatchObject({
      ok: true,
      connection: { credential: { accessToken: before?.accessToken } },
    });
    clock.advance(week - 30_000);
    const token = await readRoleConnectionToken(linkedRoles.deps, settings, userId);
    const after = (await stored(userId))?.credential;
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(after?.expiresAt).toBe(clock.now() + week);
    expect(token).toMatchObject({
      ok: true,
      connection: { credential: { accessToken: after?.accessToken } },
    });
    expect(await updateRoleConnection(linkedRoles.deps, settings, userId)).toMatchObject({ ok: true });
    const rows = JSON.stringify(
      await linkedRoles.deps.db.selectFrom("role_connections").selectAll().execute(),
    );
    expect(rows).not.toContain(after?.accessToken ?? "no token");
  });

  it("marks the connection for re-verification when Discord refuses the refresh of a revoked grant", async () => {
    const userId = await verified("rex");
    expect((await revoke((await stored(userId))?.credential.refreshToken ?? "")).status).toBe(200);
    clock.advance(week);
    expect(await readRoleConnectionToken(linkedRoles.deps, settings, userId)).toEqual({
      ok: false,
      reason: "reverify_needed",
    });
    expect((await stored(userId))?.status).toBe("reverify_needed");
    expect(await updateRoleConnection(linkedRoles.deps, settings, userId)).toEqual({
      ok: false,
      reason: "reverify_needed",
    });
  });

  it("marks it too when Discord refuses the token on the write, and a new verification makes it active", async () => {
    const userId = await verified("ruth");
    expect((await revoke((await stored(userId))?.credential.accessToken ?? "")).status).toBe(200);
    expect(await updateRoleConnection(linkedRoles.deps, settings, userId)).toEqual({
      ok: false,
      reason: "reverify_needed",
    });
    expect((await stored(userId))?.status).toBe("reverify_needed");
    const { authorizeUrl, browser } = await linkedRoles.open();
    expect((await linkedRoles.callback(fake.oauth2.approve(authorizeUrl, userId), browser)).statusCode).toBe(
      200,
    );
    expect((await stored(userId))?.status).toBe("active");
  });
});
