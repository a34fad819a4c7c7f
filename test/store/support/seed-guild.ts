// A guild with a row in every table that has one, written through the store's own functions, for the purge.
import type { Kysely } from "kysely";
import { recordCreateAnswer } from "../../../src/store/battle-answers.js";
import { saveBattleCard } from "../../../src/store/battle-cards.js";
import type { Database } from "../../../src/store/database.js";
import { saveAdminChannel } from "../../../src/store/guild-settings.js";
import { saveRoleSyncMode } from "../../../src/store/guild-role-settings.js";
import { queueMemberRating } from "../../../src/store/member-tier-roles.js";
import { mapTierRole } from "../../../src/store/tier-roles.js";
import { operatorSource } from "../../../src/store/inbox.js";
import { recordMemberActivity } from "../../../src/store/member-activity.js";
import { saveMemberLink } from "../../../src/store/member-links.js";
import { createOAuthState } from "../../../src/store/oauth-states.js";
import { recordMemberTeam } from "../../../src/store/member-teams.js";
import { pauseChannelThreads } from "../../../src/store/thread-pauses.js";
import { saveReminderSettings } from "../../../src/store/reminder-settings.js";
import { createSubscription } from "../../../src/store/subscriptions.js";
import { queueTokenRevocation } from "../../../src/store/token-revocations.js";
import { syncTournamentReminders } from "../../../src/store/tournament-reminder-sync.js";
import { enableTournamentEvents } from "../../../src/store/tournament-event-settings.js";
import { syncTournamentEventRows } from "../../../src/store/tournament-event-row-sync.js";
import { createWebhookEndpoint } from "../../../src/store/webhook-endpoints.js";
import { retireSecret } from "../../../src/store/webhook-retired-secrets.js";
import { channelOf } from "../../webhooks/support/seed.js";
import { createTestSecretBox, testNow } from "../secret-box-fixture.js";
import { enqueue } from "./outbox-fixtures.js";

/** Seals what seedGuild stores; the purge opens the guild's credentials with it. */
export const seedSecretBox = createTestSecretBox();
const box = seedSecretBox;
export const day = 24 * 60 * 60 * 1000;

/** A row for the guild in every table that has one: what a server using every feature leaves behind. */
export async function seedGuild(db: Kysely<Database>, guildId: string): Promise<{ endpointId: string }> {
  const userId = `4${guildId.slice(1)}`;
  const channelId = channelOf(guildId, 1);
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
  await recordMemberTeam(db, {
    guildId,
    userId,
    teamId: `team_${guildId}`,
    teamName: "Owls",
    isPublic: true,
    now: testNow,
  });
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
  // A reminder role `/remind on` gave a member.
  await db
    .insertInto("reminder_role_grants")
    .values({ guild_id: guildId, user_id: userId, role_id: `7${guildId.slice(1)}`, granted_at: testNow })
    .execute();
  // A weekly digest first read here.
  await db
    .insertInto("digest_weeks")
    .values({
      guild_id: guildId,
      event_id: "evt_refresh",
      week_from: testNow - 7 * 86_400_000,
      week_to: testNow,
      claimed_after: testNow - 7 * 86_400_000,
      claimed_at: testNow,
    })
    .execute();
  // A webhook change whose instance stopped before it gave its lease back.
  await db
    .insertInto("webhook_change_leases")
    .values({
      guild_id: guildId,
      lease_owner: "run-1",
      lease_expires_at: testNow + 60_000,
      started_at: testNow,
    })
    .execute();
  // A weekly refresh the server's own endpoint sent (the weekly digest's weeks).
  await db
    .insertInto("leaderboard_refreshes")
    .values({ guild_id: guildId, event_id: "evt_refresh", created_at: testNow, stored_at: testNow })
    .execute();
  await saveAdminChannel(db, { guildId, adminChannelId: channelId, now: testNow });
  // An unlink's tokens still waiting for the platform to answer their revocation.
  await queueTokenRevocation(db, box, {
    issuer: "platform",
    token: "refresh-token-unlinked",
    tokenTypeHint: "refresh_token",
    guildId,
    userId,
    cause: "unlinked",
    now: testNow,
  });
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
    await enqueue(db, eventId, { source, guildId, channelId, subscriptionId: subscription.id });
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
  // Last: saving the reminder settings above turns the reminder channel's threads back on.
  await pauseChannelThreads(db, {
    guildId,
    channelId,
    permission: "Create Public Threads",
    reason: "403 Missing Permissions (50013)",
    pausedAt: testNow,
  });
  return { endpointId: endpoint.id };
}
