// The role connection worker (docs/architecture.md, "Linked Roles"), against the fake Discord on one clock with
// the bot: a queued member's connection is written once and the row goes; Discord down (503) is retried with
// backoff and written when it is back; Discord's 429 is waited out for its Retry-After; a revoked token marks the connection for re-verification and is not
// retried; a member whose last link went has the connection cleared and the sealed token forgotten, and revoked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { DiscordUserApiError } from "../../src/linking/discord-user-api.js";
import type { LinkedRolesSettings } from "../../src/linking/linked-roles-settings.js";
import type { RoleConnectionWorker } from "../../src/roles/role-connections/role-connection-worker.js";
import { deleteMemberLink } from "../../src/store/member-links.js";
import { findRoleConnectionWrite } from "../../src/store/role-connection-write-leases.js";
import { queueRoleConnectionWrite } from "../../src/store/role-connection-writes.js";
import { createOAuthState } from "../../src/store/oauth-states.js";
import { findRoleConnection } from "../../src/store/role-connections.js";
import { listTokenRevocations } from "../../src/store/token-revocations.js";
import type { FakeDiscord } from "../../fake-discord/index.js";
import {
  createTestRoleConnectionWorker,
  type LinkedRolesApp,
  type LinkedRolesWorld,
  startLinkedRolesWorld,
  verifiedMember,
} from "../http/support/linked-roles-app.js";

const roleConnectionRoute = "PUT /users/@me/applications/:applicationId/role-connection";

describe("the role connection worker", () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  let world: LinkedRolesWorld;
  let fake: FakeDiscord;
  let linkedRoles: LinkedRolesApp;
  let settings: LinkedRolesSettings;
  let worker: RoleConnectionWorker;
  let guildId: string;

  beforeAll(async () => {
    world = await startLinkedRolesWorld({
      clock,
      // The windows on the test's clock, so a 429's Retry-After is known to the millisecond. Three writes a
      // user a minute: every test but the 429's stays within it.
      fake: { rateLimitClock: clock, routeLimits: { [roleConnectionRoute]: { limit: 3, windowMs: 60_000 } } },
    });
    ({ fake, linkedRoles, guildId } = world);
    ({ settings } = linkedRoles);
    worker = createTestRoleConnectionWorker(linkedRoles);
  });
  afterAll(() => world.close());

  const db = () => linkedRoles.deps.db;
  const stored = (userId: string) => findRoleConnection(db(), linkedRoles.deps.secretBox, userId);
  const queue = (userId: string) =>
    queueRoleConnectionWrite(db(), { userId, cause: "user.rating_changed", now: clock.now() });

  const verified = (username: string) =>
    verifiedMember(linkedRoles, fake, { guildId, username, now: clock.now() });

  it("writes a queued connection once and removes the row", async () => {
    const userId = await verified("wes");
    await queue(userId);
    await queue(userId);
    expect(await worker.runOnce()).toEqual(["written"]);
    expect(fake.oauth2.roleConnectionWrites(userId)).toHaveLength(2);
    expect(await findRoleConnectionWrite(db(), userId)).toBeUndefined();
    expect(await worker.runOnce()).toEqual([]);
  });

  it("writes the rank of the member's tier, learned from their own profile when no event had taught it", async () => {
    // No event or read has shown the bot a tier yet: the profile's "platinum" is the first it learns.
    const userId = await verified("tia");
    await queue(userId);
    expect(await worker.runOnce()).toEqual(["written"]);
    // The verification's write, then the queued one's.
    expect(fake.oauth2.roleConnectionWrites(userId)).toHaveLength(2);
    for (const written of fake.oauth2.roleConnectionWrites(userId)) {
      expect(written.metadata).toMatchObject({ tier_rank: "1" });
    }
  });

  it("retries with backoff while Discord answers 503, and writes once it is back", async () => {
    const userId = await verified("wanda");
    await queue(userId);
    fake.setOutage(true);
    expect(await worker.runOnce()).toEqual(["retry"]);
    fake.setOutage(false);
    const row = await findRoleConnectionWrite(db(), userId);
    expect(row).toMatchObject({ attempts: 1, lastError: expect.stringContaining("503") });
    // The first retry waits up to a second (the outbox's backoff): not due before.
    expect(row?.nextAttemptAt).toBeGreaterThan(clock.now());
    expect(await worker.runOnce()).toEqual([]);
    clock.advance(1000);
    expect(await worker.runOnce()).toEqual(["written"]);
    expect(fake.oauth2.roleConnectionWrites(userId)).toHaveLength(2);
  });

  it("waits out Discord's 429 for as long as its Retry-After says, then writes once", async () => {
    // The verification's write is the first of the user's three this minute; the worker's next two fill it.
    const userId = await verified("rhea");
    for (let write = 0; write < 2; write += 1) {
      await queue(userId);
      expect(await worker.runOnce()).toEqual(["written"]);
    }
    await queue(userId);
    expect(await worker.runOnce()).toEqual(["retry"]);
    const row = await findRoleConnectionWrite(db(), userId);
    expect(row).toMatchObject({ attempts: 1, lastError: expect.stringContaining("429") });
    // Due when the window ends, a minute after the verification's write, not at the backoff's first second.
    expect(row?.nextAttemptAt).toBe(clock.now() + 60_000);
    clock.advance(59_999);
    expect(await worker.runOnce()).toEqual([]);
    clock.advance(1);
    expect(await worker.runOnce()).toEqual(["written"]);
    expect(fake.oauth2.roleConnectionWrites(userId)).toHaveLength(4);
  });

  it("gives a change queued during a write that worked its own attempts, not the failures before it", async () => {
    const userId = await verified("wilma");
    const twoTries = createTestRoleConnectionWorker(linkedRoles, {
      owner: "worker-two-tries",
      retry: { maxAttempts: 2 },
    });
    await queue(userId);
    fake.setOutage(true);
    expect(await twoTries.runOnce()).toEqual(["retry"]);
    fake.setOutage(false);
    clock.advance(1000);

    // Discord is back and takes the write; before the worker hears, the member's rating changes again.
    const hold = fake.holdResponses("PUT", /\/role-connection$/);
    const writing = twoTries.runOnce();
    await hold.waitForCaught();
    await queue(userId);
    hold.release();
    expect(await writing).toEqual(["superseded"]);
    expect(await findRoleConnectionWrite(db(), userId)).toMatchObject({ attempts: 0, lastError: null });

    // The new change meets one failure: it is retried, as a change's first failure is.
    fake.setOutage(true);
    expect(await twoTries.runOnce()).toEqual(["retry"]);
    fake.setOutage(false);
    clock.advance(60_000);
    expect(await twoTries.runOnce()).toEqual(["written"]);
    expect(fake.oauth2.roleConnectionWrites(userId)).toHaveLength(3);
  });

  it("does not retry a token Discord refuses: the connection waits for a new verification", async () => {
    const userId = await verified("walt");
    const revoked = await fetch(`${fake.apiUrl}/v10/oauth2/token/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token: (await stored(userId))?.credential.accessToken ?? "",
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      }),
    });
    expect(revoked.status).toBe(200);
    await queue(userId);
    expect(await worker.runOnce()).toEqual(["reverify_needed"]);
    expect((await stored(userId))?.status).toBe("reverify_needed");
    expect(await findRoleConnectionWrite(db(), userId)).toBeUndefined();
    clock.advance(60_000);
    expect(await worker.runOnce()).toEqual([]);
    expect(fake.oauth2.roleConnectionWrites(userId)).toHaveLength(1);
  });

  it("clears the connection of a member with no link left and forgets their token", async () => {
    const userId = await verified("wren");
    await deleteMemberLink(db(), { guildId, userId });
    await queue(userId);
    expect(await worker.runOnce()).toEqual(["cleared"]);
    expect(fake.oauth2.roleConnection(userId)).toEqual({
      platform_name: null,
      platform_username: null,
      metadata: {},
    });
    expect(await stored(userId)).toBeUndefined();
  });

  it("revokes at Discord the token it forgets of a member with no link left", async () => {
    const userId = await verified("wyatt");
    expect(fake.oauth2.unrevokedGrantsOf(userId)).toBe(1);
    await deleteMemberLink(db(), { guildId, userId });
    await queue(userId);
    expect(await worker.runOnce()).toEqual(["cleared"]);
    expect(await stored(userId)).toBeUndefined();
    expect(fake.oauth2.unrevokedGrantsOf(userId)).toBe(0);
    expect(await listTokenRevocations(db())).toEqual([]);
  });

  it("keeps the token of a member with no link yet whose Linked Roles sign-in is still pending", async () => {
    // Verified with no link: the verification sent them to the platform's sign-in, which makes their
    // personal link and writes the connection once they confirm it (docs/architecture.md, "Linked Roles").
    const userId = await verified("yara");
    await deleteMemberLink(db(), { guildId, userId });
    await createOAuthState(db(), linkedRoles.deps.secretBox, {
      state: "state-of-yara",
      startId: "start-of-yara",
      authorizeUrl: "https://platform.example/oauth/authorize",
      guildId: undefined,
      userId,
      names: { memberName: undefined, memberUsername: undefined, guildName: undefined },
      codeVerifier: "verifier-of-yara",
      interactionToken: undefined,
      origin: "linked_roles",
      expiresAt: clock.now() + 600_000,
      now: clock.now(),
    });
    // A write queued meanwhile (the tiers reordered, say) finds no link.
    await queue(userId);
    expect(await worker.runOnce()).toEqual(["cleared"]);

    expect(await stored(userId)).toBeDefined();
    expect(fake.oauth2.unrevokedGrantsOf(userId)).toBe(1);
    expect(await listTokenRevocations(db())).toEqual([]);
  });

  it("tells Discord's failures worth retrying from the others", () => {
    expect(new DiscordUserApiError("PUT answered 429", { status: 429, retryAfterMs: 2000 }).isTransient).toBe(
      true,
    );
    expect(new DiscordUserApiError("PUT answered 502", { status: 502 }).isTransient).toBe(true);
    expect(new DiscordUserApiError("PUT could not reach Discord").isTransient).toBe(true);
    expect(new DiscordUserApiError("PUT answered 400", { status: 400 }).isTransient).toBe(false);
  });
});
