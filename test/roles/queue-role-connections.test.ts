// docs/architecture.md, "Linked Roles": an event that changes what a verified member's connection shows (a
// rating change, a battle result, a team battle result) queues their write in the transaction that stores
// the event, once per Discord user; other kinds, and members who never verified, queue nothing.
import { describe, expect, it } from "vitest";
import { eventStoredSubscribers } from "../../src/bot/event-stored-subscribers.js";
import { queueRoleConnections } from "../../src/roles/role-connections/queue-role-connections.js";
import { readEvent } from "../announcements/support/events.js";
import { ManualClock } from "../../src/clock.js";
import { findRoleConnectionWrite } from "../../src/store/role-connection-write-leases.js";
import { saveRoleConnectionToken } from "../../src/store/role-connections.js";
import type { EventSource } from "../../src/webhooks/event-source.js";
import { ingestEvent } from "../../src/webhooks/ingest-event.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";
import { battleCompletedData, ratingChangedData, standardEvent } from "../webhooks/support/payloads.js";
import { guildA, guildB, linkMember } from "../webhooks/support/seed.js";

const ada = "200000000000000001";
const bob = "200000000000000002";
const operator: EventSource = { type: "operator" };
const box = createTestSecretBox();

describe.each(testDatabases())("Linked Roles writes queued by events on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
  const ingest = (body: string) =>
    ingestEvent(
      { db: store.db, clock, subscribers: eventStoredSubscribers },
      { rawBody: Buffer.from(body, "utf8"), source: operator },
    );
  const created = "2026-11-21T10:00:00.000Z";

  async function seed(): Promise<void> {
    // ada is linked in two servers and verified; bob is linked but never verified.
    await linkMember(store.db, box, { guildId: guildA, userId: ada, platformUserId: "usr_ada" });
    await linkMember(store.db, box, { guildId: guildB, userId: ada, platformUserId: "usr_ada" });
    await linkMember(store.db, box, { guildId: guildA, userId: bob, platformUserId: "usr_bob" });
    await saveRoleConnectionToken(store.db, box, {
      userId: ada,
      credential: { accessToken: "discord-token-of-ada" },
      now: clock.now(),
    });
  }

  it("queues a verified player's connection once for a rating change and again for a battle result", async () => {
    await seed();
    const rating = standardEvent({
      id: "evt_rating",
      event: "user.rating_changed",
      created,
      data: ratingChangedData("usr_ada", 2000, 2016),
    });
    expect(await ingest(rating)).toMatchObject({ status: "accepted", roleConnectionsQueued: 1 });
    const battle = standardEvent({
      id: "evt_battle",
      event: "battle.completed",
      created,
      data: battleCompletedData(),
    });
    expect(await ingest(battle)).toMatchObject({ status: "accepted", roleConnectionsQueued: 1 });
    expect(await findRoleConnectionWrite(store.db, ada)).toMatchObject({
      version: 2,
      cause: "battle.completed",
      queuedAt: clock.now(),
    });
    expect(await findRoleConnectionWrite(store.db, bob)).toBeUndefined();
  });

  it("queues each verified member of every team for a team battle's result", async () => {
    await seed();
    const cy = "200000000000000003";
    await linkMember(store.db, box, { guildId: guildA, userId: cy, platformUserId: "usr_cy" });
    await saveRoleConnectionToken(store.db, box, {
      userId: cy,
      credential: { accessToken: "discord-token-of-cy" },
      now: clock.now(),
    });
    const teams = standardEvent({
      id: "evt_team_battle",
      event: "team.battle_completed",
      created,
      data: {
        object: "battle",
        id: "bat_teams",
        teams: [
          { team_id: "team_red", rank: 1, members: ["usr_ada", "usr_bob"] },
          { team_id: "team_blue", rank: 2, members: ["usr_cy"] },
        ],
        winner_team_id: "team_red",
      },
    });
    // ada (red) and cy (blue) verified; bob (red) never did.
    expect(await ingest(teams)).toMatchObject({ status: "accepted", roleConnectionsQueued: 2 });
    expect(await findRoleConnectionWrite(store.db, ada)).toMatchObject({ cause: "team.battle_completed" });
    expect(await findRoleConnectionWrite(store.db, cy)).toMatchObject({ cause: "team.battle_completed" });
    expect(await findRoleConnectionWrite(store.db, bob)).toBeUndefined();
  });

  it("queues nothing for a kind that changes no value the connection shows", async () => {
    await seed();
    const achievement = standardEvent({
      id: "evt_achievement",
      event: "user.achievement_earned",
      created,
      data: {
        object: "achievement",
        user: { id: "usr_ada", username: "ada" },
        achievement: { id: "ach_1", name: "First" },
      },
    });
    const result = await ingest(achievement);
    expect(result).toMatchObject({ status: "accepted" });
    expect(result).not.toHaveProperty("roleConnectionsQueued");
    expect(await findRoleConnectionWrite(store.db, ada)).toBeUndefined();
  });
  it("queues a user's write once per commit, with the cause of the commit's last event that concerns them", async () => {
    await seed();
    const event = (id: string, kind: "user.rating_changed" | "battle.completed") =>
      readEvent(
        kind,
        kind === "battle.completed" ? battleCompletedData() : ratingChangedData("usr_ada", 2000, 2016),
        { id },
      );
    const at = (now: number, guildId: string | undefined) => ({
      fromOperator: guildId === undefined,
      guildId,
      now,
    });
    // Operator, ada's server's own endpoint, operator again: reaches read one after another, order kept.
    const counts = await queueRoleConnections(store.db, [
      { event: event("evt_1", "battle.completed"), context: at(clock.now(), undefined) },
      { event: event("evt_2", "battle.completed"), context: at(clock.now() + 1, guildA) },
      { event: event("evt_3", "user.rating_changed"), context: at(clock.now() + 2, undefined) },
    ]);

    expect(counts.map((count) => count.roleConnectionsQueued)).toEqual([1, 1, 1]);
    expect(await findRoleConnectionWrite(store.db, ada)).toMatchObject({
      version: 1,
      cause: "user.rating_changed",
      queuedAt: clock.now() + 2,
    });
  });
});
