// The purge of a server the bot was removed from (docs/architecture.md, "When the bot leaves a server"):
// every row of that guild goes, in every table with a guild_id and through its webhook endpoints, and no
// other guild's row; a guild the bot came back to keeps everything.
import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { listBattleAnswers, recordCreateAnswer } from "../../src/store/battle-answers.js";
import { saveBattleCard } from "../../src/store/battle-cards.js";
import type { Store } from "../../src/store/create-db.js";
import type { Database } from "../../src/store/database.js";
import { clearGuildRemoval, findGuildRemoval, recordGuildRemoval } from "../../src/store/guild-removals.js";
import { saveAdminChannel } from "../../src/store/guild-settings.js";
import { saveRoleSyncMode } from "../../src/store/guild-role-settings.js";
import { queueMemberRating } from "../../src/store/member-tier-roles.js";
import { mapTierRole } from "../../src/store/tier-roles.js";
import { insertInboxEvent, operatorSource } from "../../src/store/inbox.js";
import { recordMemberActivity } from "../../src/store/member-activity.js";
import { saveMemberLink } from "../../src/store/member-links.js";
import { createOAuthState } from "../../src/store/oauth-states.js";
import { enqueueOutbox } from "../../src/store/outbox.js";
import { purgeRemovedGuild } from "../../src/store/purge-guild-data.js";
import { recordMemberTeam } from "../../src/store/member-teams.js";
import { pauseChannelThreads } from "../../src/store/thread-pauses.js";
import { saveReminderSettings } from "../../src/store/reminder-settings.js";
import { createSubscription } from "../../src/store/subscriptions.js";
import { syncTournamentReminders } from "../../src/store/tournament-reminders.js";
import { enableTournamentEvents } from "../../src/store/tournament-event-settings.js";
import { syncTournamentEventRows } from "../../src/store/tournament-events.js";
import { createWebhookEndpoint } from "../../src/store/webhook-endpoints.js";
import { retireSecret } from "../../src/store/webhook-retired-secrets.js";
import { channelOf, guildA, guildB } from "../webhooks/support/seed.js";
import { countGuildRows, guildIdTables } from "./support/guild-rows.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const box = createTestSecretBox();
const day = 24 * 60 * 60 * 1000;

/** A row for the guild in every table that has one: what a server using every feature leaves behind. */
async function seedGuild(db: Kysely<Database>, guildId: string): Promise<{ endpointId: string }> {
  const userId = `4${guildId.slice(1)}`;
  const channelId = channelOf(guildId, 1);
  await pauseChannelThreads(db, {
    guildId,
    channelId,
    permission: "Create Public Threads",
    reason: "403 Missing Permissions (50013)",
    pausedAt: testNow,
  });
  await db
    .insertInto("message_threads")
    .values({
      guild_id: guildId,
      channel_id: channelId,
      subject_kind: "tournament",
      subject_id: "trn_1",
      message_id: `5${guildId.slice(1)}`,
      thread_id: `5${guildId.slice(1)}`,
      queued_at: testNow,
    })
    .execute();
  await recordMemberTeam(db, { guildId, userId, teamId: `team_${guildId}`, teamName: "Owls", now: testNow });
  await enableTournamentEvents(db, { guildId, enabledBy: userId, now: testNow });
  await syncTournamentEventRows(db, {
    guildId,
    wanted: [
      {
        tournamentId: "trn_1",
        name: "Cup",
        description: "",
        location: "Register with /tournament register",
        startsAt: testNow + day,
        endsAt: testNow + 2 * day,
      },
    ],
    openIds: new Set(["trn_1"]),
    complete: true,
    now: testNow,
    limit: 100,
  });
  await saveMemberLink(db, box, {
    guildId,
    userId,
    platformUserId: `usr_${guildId}`,
    platformUsername: "alice",
    credentialKind: "api_key",
    credential: { accessToken: "key_for_tests_only" },
    now: testNow,
  });
  await createOAuthState(db, box, {
    state: `state-${guildId}`,
    startId: `start-${guildId}`,
    authorizeUrl: "https://platform.example/oauth/authorize",
    guildId,
    userId,
    codeVerifier: "verifier",
    interactionToken: "interaction-token",
    names: { memberName: "Alice", memberUsername: "alice", guildName: "Arena Club" },
    expiresAt: testNow + 600_000,
    now: testNow,
  });
  await recordMemberActivity(db, {
    facts: [
      {
        kind: "achievement",
        eventId: "evt_achievement",
        platformUserId: `usr_${guildId}`,
        occurredAt: testNow,
        achievement: "First Win",
      },
    ],
    guildId,
    now: testNow,
  });
  await saveAdminChannel(db, { guildId, adminChannelId: channelId, now: testNow });
  const subscription = await createSubscription(db, {
    guildId,
    channelId,
    eventKinds: ["battle.completed"],
    filters: {},
    createdBy: userId,
    now: testNow,
  });
  const endpoint = await createWebhookEndpoint(db, box, {
    guildId,
    secret: "whsec-current",
    eventKinds: ["battle.completed"],
    now: testNow,
  });
  await retireSecret(db, box, { endpointId: endpoint.id, secret: "whsec-old", now: testNow });
  // A battle both guilds show, and one only this guild shows: the answers of the second go with the guild.
  for (const battleId of ["bat_1", `bat_only_${guildId}`]) {
    await saveBattleCard(db, {
      battleId,
      guildId,
      channelId,
      messageId: `5${guildId.slice(1)}${battleId.length}`,
      createdBy: userId,
      now: testNow,
    });
    const facts = { status: "waiting", participants: [] };
    await recordCreateAnswer(db, { battleId, facts, now: testNow });
  }
  await saveReminderSettings(db, {
    guildId,
    channelId,
    leadMinutes: [10],
    roleId: null,
    configuredBy: userId,
    now: testNow,
  });
  const tournament = {
    id: "trn_1",
    startsAt: testNow + day,
    title: "Weekly Sprint",
    format: null,
    prize: null,
    participants: null,
    maxParticipants: null,
  };
  await syncTournamentReminders(db, {
    guildId,
    wanted: [{ tournament, leadMinutes: 10 }],
    openTournaments: [tournament],
    complete: true,
    now: testNow,
  });
  // One event on the guild's own endpoint and one from the operator, which every guild shares.
  for (const source of [endpoint.id, operatorSource]) {
    const eventId = `evt_${source}`;
    await insertInboxEvent(db, {
      eventId,
      kind: "battle.completed",
      source,
      status: "accepted",
      payload: {},
      receivedAt: testNow,
    });
    await enqueueOutbox(db, {
      source,
      eventId,
      guildId,
      channelId,
      subscriptionId: subscription.id,
      action: "post",
      targetMessageId: null,
      now: testNow,
    });
  }
  await saveRoleSyncMode(db, { guildId, mode: "create", now: testNow });
  await mapTierRole(db, {
    guildId,
    tier: "gold",
    roleId: `6${guildId.slice(1)}`,
    createdByBot: true,
    now: testNow,
  });
  await queueMemberRating(db, {
    guildId,
    userId,
    platformUserId: `usr_${guildId}`,
    rating: 1500,
    tier: "gold",
    ratedAt: testNow,
    cause: "link",
    now: testNow,
  });
  return { endpointId: endpoint.id };
}

/** Tables with a guild_id column, read from the schema itself so a table added later is checked too. */
async function listGuildTables(store: Store): Promise<string[]> {
  // PostgreSQL's introspection sees every schema; each test database has its own.
  const schema =
    store.dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db)).rows[0]?.schema
      : undefined;
  const tables = await store.db.introspection.getTables();
  return tables
    .filter((table) => schema === undefined || table.schema === schema)
    .filter((table) => table.columns.some((column) => column.name === "guild_id"))
    .map((table) => table.name)
    .sort();
}

/** The operator's events are every guild's: they stay while another guild's outbox row names them. */
async function countOperatorEvents(db: Kysely<Database>): Promise<number> {
  const rows = await db
    .selectFrom("inbox_events")
    .select("event_id")
    .where("source", "=", operatorSource)
    .execute();
  return rows.length;
}

describe.each(testDatabases())("purging a removed guild on $name", (database) => {
  const store = useMigratedStore(database);

  it("knows every table that has a guild_id column", async () => {
    expect(await listGuildTables(store.store)).toEqual([...guildIdTables].sort());
  });

  it("deletes every row of a guild removed before the cut-off, and nothing of another guild", async () => {
    const { endpointId } = await seedGuild(store.db, guildA);
    const other = await seedGuild(store.db, guildB);
    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow });
    const seeded = await countGuildRows(store.db, guildA);
    for (const [table, count] of Object.entries(seeded)) expect(count, table).toBeGreaterThan(0);
    const otherSeeded = await countGuildRows(store.db, guildB);

    const purged = await purgeRemovedGuild(store.db, {
      guildId: guildA,
      removedBefore: testNow + 30 * day,
      now: testNow + 30 * day,
    });

    expect(purged).toEqual({
      memberLinks: 1,
      oauthStates: 1,
      guildSettings: 1,
      subscriptions: 1,
      webhookEndpoints: 1,
      retiredSecrets: 1,
      battleCards: 2,
      battleAnswers: 1,
      reminderSettings: 1,
      tournamentReminders: 1,
      outboxRows: 2,
      inboxEvents: 1,
      roleSettings: 1,
      tierRoles: 1,
      memberTierRoles: 1,
      memberActivity: 1,
      memberTeams: 1,
      threadPauses: 1,
      messageThreads: 1,
      tournamentEventSettings: 1,
      tournamentEvents: 1,
      roleConnectionsQueued: 0,
    });
    const left = await countGuildRows(store.db, guildA, [endpointId]);
    for (const [table, count] of Object.entries(left)) expect(count, table).toBe(0);
    // The other guild keeps everything, the operator's event its outbox row still names included.
    expect(await countGuildRows(store.db, guildB, [other.endpointId])).toEqual(otherSeeded);
    expect(await countOperatorEvents(store.db)).toBe(1);
    // The answers of a battle the other guild still shows stay; those of the purged guild's own battle go.
    expect(await listBattleAnswers(store.db, "bat_1")).toHaveLength(2);
    expect(await listBattleAnswers(store.db, `bat_only_${guildA}`)).toEqual([]);
    expect(await listBattleAnswers(store.db, `bat_only_${guildB}`)).toHaveLength(1);
  });

  it("keeps a guild removed at or after the cut-off", async () => {
    await seedGuild(store.db, guildA);
    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow });
    const seeded = await countGuildRows(store.db, guildA);

    expect(
      await purgeRemovedGuild(store.db, { guildId: guildA, removedBefore: testNow, now: testNow }),
    ).toBeUndefined();

    expect(await findGuildRemoval(store.db, guildA)).toEqual({ guildId: guildA, removedAt: testNow });
    expect(await countGuildRows(store.db, guildA)).toEqual(seeded);
  });

  it("keeps everything of a guild the bot was added back to", async () => {
    await seedGuild(store.db, guildA);
    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow });
    await clearGuildRemoval(store.db, guildA);
    const kept = await countGuildRows(store.db, guildA);

    expect(
      await purgeRemovedGuild(store.db, {
        guildId: guildA,
        removedBefore: testNow + 30 * day,
        now: testNow + 30 * day,
      }),
    ).toBeUndefined();

    expect(await countGuildRows(store.db, guildA)).toEqual(kept);
    expect(kept.member_links).toBe(1);
  });
});
