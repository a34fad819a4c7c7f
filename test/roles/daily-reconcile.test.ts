// docs/architecture.md, "Tier roles": every instance runs the daily reconcile, and a server is queued by the
// one that claims it; another that listed it due at the same time finds it reconciled and queues nothing,
// where it queued every member again (its pass overtaking the first one's syncs).
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { queueGuildSync } from "../../src/roles/queue-guild-sync.js";
import { reconcileIntervalMs, reconcileTierRoles } from "../../src/roles/reconcile-tier-roles.js";
import { createLogger } from "../../src/logger.js";
import { listGuildsDueForReconcile, saveRoleSyncMode } from "../../src/store/guild-role-settings.js";
import { saveMemberLink } from "../../src/store/member-links.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";

const guildId = "100000000000000001";
const day = 24 * 60 * 60_000;

describe.each(testDatabases())("the daily tier role reconcile on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  const logger = createLogger({ level: "silent" });

  async function serverWithMembers(count: number): Promise<void> {
    await saveRoleSyncMode(store.db, { guildId, mode: "create", now: clock.now() });
    for (let index = 0; index < count; index += 1) {
      await saveMemberLink(store.db, createTestSecretBox(), {
        guildId,
        userId: `20000000000000000${String(index)}`,
        platformUserId: `usr_${String(index)}`,
        platformUsername: `member${String(index)}`,
        credentialKind: "api_key",
        credential: { accessToken: `key-${String(index)}` },
        now: clock.now(),
      });
    }
  }

  it("queues a server once when two instances listed it due at the same time", async () => {
    await serverWithMembers(3);
    clock.advance(day);
    const now = clock.now();
    const lastBefore = now - reconcileIntervalMs * 0.9;
    // Both instances listed the server before either queued it.
    expect((await listGuildsDueForReconcile(store.db, lastBefore)).map((row) => row.guildId)).toEqual([
      guildId,
    ]);

    const first = await queueGuildSync(store.db, { guildId, now, resume: false, lastBefore });
    const second = await queueGuildSync(store.db, { guildId, now: now + 5, resume: false, lastBefore });

    expect([first, second]).toEqual([3, 0]);
    // A day on, the pass queues it again; an admin's /setup roles sync queues it whenever asked.
    clock.advance(day);
    expect(await reconcileTierRoles({ db: store.db, clock, logger })).toBe(3);
    expect(await queueGuildSync(store.db, { guildId, now: clock.now(), resume: true })).toBe(3);
  });
});
