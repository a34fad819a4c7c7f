// The write a confirmed Linked Roles sign-in makes itself (docs/architecture.md, "Linked Roles"), of the row its
// link queued leased to it, against the fake Discord on one clock with the bot and a SQLite file: written, the
// row is done and the worker has nothing to write again; a change queued meanwhile is the worker's, woken; a
// write Discord refuses for now goes back to the worker, due when Discord's Retry-After ends; and a database
// that cannot take the write's record (another connection holds its write lock past the busy timeout, or a
// trigger refuses the record) or finish the row (a trigger refuses its removal) does not undo what Discord
// shows: the page still says it, the row is left to its lease rather than given back, and the worker writes it
// again once the lease ends. The platform is the fixture of the API reference's examples: every account is
// "alice".
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { DiscordUserApiError } from "../../src/linking/discord-user-api.js";
import type { LinkedRolesSettings } from "../../src/linking/linked-roles-settings.js";
import { writeSignedInConnection } from "../../src/linking/write-signed-in-connection.js";
import type { RoleConnectionWorker } from "../../src/roles/role-connections/role-connection-worker.js";
import { findRoleConnectionWrite } from "../../src/store/role-connection-write-leases.js";
import {
  queueHeldRoleConnectionOfUser,
  queueRoleConnectionWrite,
} from "../../src/store/role-connection-writes.js";
import type { FakeDiscord } from "../../fake-discord/index.js";
import {
  createTestRoleConnectionWorker,
  type LinkedRolesApp,
  type LinkedRolesWorld,
  startLinkedRolesWorld,
  verifiedMember,
} from "../http/support/linked-roles-app.js";
import { sqliteFile, useMigratedStore } from "../store/databases.js";

const roleConnectionRoute = "PUT /users/@me/applications/:applicationId/role-connection";
const leaseMs = 60_000;

describe("the Linked Roles sign-in's own connection write", () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const store = useMigratedStore(sqliteFile);
  let world: LinkedRolesWorld;
  let fake: FakeDiscord;
  let linkedRoles: LinkedRolesApp;
  let settings: LinkedRolesSettings;
  let worker: RoleConnectionWorker;
  let guildId: string;
  let wakes = 0;

  beforeAll(async () => {
    world = await startLinkedRolesWorld({
      clock,
      // Three writes a user a minute, on the test's clock, so a 429's Retry-After is known to the millisecond.
      fake: { rateLimitClock: clock, routeLimits: { [roleConnectionRoute]: { limit: 3, windowMs: 60_000 } } },
      app: { db: store.db },
    });
    ({ fake, linkedRoles, guildId } = world);
    ({ settings } = linkedRoles);
    worker = createTestRoleConnectionWorker(linkedRoles);
  });
  afterAll(() => world.close());

  const db = () => linkedRoles.deps.db;
  const deps = () => ({
    ...linkedRoles.deps,
    wakeRoleConnectionWorker: () => {
      wakes += 1;
    },
  });
  /** A verified member with a change queued and leased to a sign-in, as a confirmation's transaction does. */
  async function heldMember(username: string) {
    const userId = await verifiedMember(linkedRoles, fake, { guildId, username, now: clock.now() });
    const { held } = await queueHeldRoleConnectionOfUser(db(), {
      userId,
      cause: "link",
      now: clock.now(),
      owner: `sign-in:${username}`,
      leaseMs,
    });
    if (held === undefined) throw new Error("the sign-in did not hold its row");
    return { userId, held };
  }

  /**
   * After a sign-in's write Discord took but the database could not record or finish: the row was neither given
   * back nor the worker woken; it is still the sign-in's until its lease ends, then the worker's, which writes the
   * same values once more and finishes it.
   */
  async function expectWrittenAgainAfterLease(userId: string, owner: string) {
    // The verification's write, then the sign-in's.
    expect(fake.oauth2.roleConnectionWrites(userId)).toHaveLength(2);
    expect(wakes).toBe(0);
    expect(await findRoleConnectionWrite(db(), userId)).toMatchObject({ leaseOwner: owner });
    expect(await worker.runOnce()).toEqual([]);
    clock.advance(leaseMs);
    expect(await worker.runOnce()).toEqual(["written"]);
    expect(fake.oauth2.roleConnectionWrites(userId)).toHaveLength(3);
    expect(await findRoleConnectionWrite(db(), userId)).toBeUndefined();
  }

  it("finishes the row it wrote: the worker has nothing to write again", async () => {
    const { userId, held } = await heldMember("ana");
    wakes = 0;
    const update = await writeSignedInConnection(deps(), settings, { userId, held });
    expect(update).toEqual({ ok: true, platformUsername: "alice" });
    expect(await findRoleConnectionWrite(db(), userId)).toBeUndefined();
    // The verification's write, then this one.
    expect(fake.oauth2.roleConnectionWrites(userId)).toHaveLength(2);
    expect(wakes).toBe(0);
    expect(await worker.runOnce()).toEqual([]);
  });

  it("leaves a change queued during its write to the worker, and wakes it", async () => {
    const { userId, held } = await heldMember("bea");
    wakes = 0;
    const hold = fake.holdResponses("PUT", /\/role-connection$/);
    const writing = writeSignedInConnection(deps(), settings, { userId, held });
    await hold.waitForCaught();
    await queueRoleConnectionWrite(db(), { userId, cause: "user.rating_changed", now: clock.now() });
    hold.release();
    expect(await writing).toEqual({ ok: true, platformUsername: "alice" });
    expect(wakes).toBe(1);
    expect(await findRoleConnectionWrite(db(), userId)).toMatchObject({ cause: "user.rating_changed" });
    expect(await worker.runOnce()).toEqual(["written"]);
    expect(fake.oauth2.roleConnectionWrites(userId)).toHaveLength(3);
  });

  it("gives a write Discord rate limits back to the worker, due when its Retry-After ends", async () => {
    const userId = await verifiedMember(linkedRoles, fake, { guildId, username: "cleo", now: clock.now() });
    // The verification's write is the first of the user's three this minute; two more, of no row, fill it.
    for (let write = 0; write < 2; write += 1) {
      expect(await writeSignedInConnection(deps(), settings, { userId, held: undefined })).toMatchObject({
        ok: true,
      });
    }
    const { held } = await queueHeldRoleConnectionOfUser(db(), {
      userId,
      cause: "link",
      now: clock.now(),
      owner: "sign-in:cleo",
      leaseMs,
    });
    expect(held).toBeDefined();
    wakes = 0;
    const refused = await writeSignedInConnection(deps(), settings, { userId, held }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DiscordUserApiError);
    expect(wakes).toBe(1);
    // Due when the window ends, a minute after the verification's write, not at once.
    expect(await findRoleConnectionWrite(db(), userId)).toMatchObject({
      attempts: 0,
      nextAttemptAt: clock.now() + 60_000,
    });
    clock.advance(59_999);
    expect(await worker.runOnce()).toEqual([]);
    clock.advance(1);
    expect(await worker.runOnce()).toEqual(["written"]);
    expect(fake.oauth2.roleConnectionWrites(userId)).toHaveLength(4);
  });

  it("gives a write Discord cannot take back to the worker at once", async () => {
    const { userId, held } = await heldMember("dora");
    wakes = 0;
    fake.setOutage(true);
    try {
      await expect(writeSignedInConnection(deps(), settings, { userId, held })).rejects.toBeInstanceOf(
        DiscordUserApiError,
      );
    } finally {
      fake.setOutage(false);
    }
    expect(wakes).toBe(1);
    expect(await findRoleConnectionWrite(db(), userId)).toMatchObject({
      attempts: 0,
      nextAttemptAt: clock.now(),
    });
    expect(await worker.runOnce()).toEqual(["written"]);
    expect(fake.oauth2.roleConnectionWrites(userId)).toHaveLength(2);
  });

  it("says what Discord shows when the database cannot record the write, which the worker makes again after the lease", async () => {
    const { userId, held } = await heldMember("eve");
    wakes = 0;
    const hold = fake.holdResponses("PUT", /\/role-connection$/);
    const writing = writeSignedInConnection(deps(), settings, { userId, held });
    await hold.waitForCaught();
    // Discord takes the write; meanwhile another connection holds the file's write lock past the busy timeout.
    const holder = new SqliteDatabase(store.url.slice("file:".length));
    holder.exec("begin immediate");
    try {
      hold.release();
      expect(await writing).toEqual({ ok: true, platformUsername: "alice" });
    } finally {
      holder.exec("rollback");
      holder.close();
    }
    await expectWrittenAgainAfterLease(userId, held.owner);
  });

  it.each([
    {
      // The database works, but refuses to record the account the write showed.
      refused: "recording the account",
      username: "gus",
      trigger: "before update of platform_username on role_connections",
    },
    {
      // The write and its record go in; the row's removal is refused.
      refused: "finishing the row",
      username: "fay",
      trigger: "before delete on role_connection_writes",
    },
  ])(
    "says what Discord shows when the database refuses only $refused, and leaves the row to its lease",
    async ({ username, trigger }) => {
      const { userId, held } = await heldMember(username);
      wakes = 0;
      const holder = new SqliteDatabase(store.url.slice("file:".length));
      holder.exec(
        `create trigger refuse ${trigger} begin select raise(abort, 'the disk refused the write'); end`,
      );
      try {
        expect(await writeSignedInConnection(deps(), settings, { userId, held })).toEqual({
          ok: true,
          platformUsername: "alice",
        });
      } finally {
        holder.exec("drop trigger refuse");
        holder.close();
      }
      await expectWrittenAgainAfterLease(userId, held.owner);
    },
  );
});
