// Deleting everything the bot keeps about a server it was removed from, once the grace period is over
// (docs/architecture.md, "When the bot leaves a server"). Every table with a guild_id is here, and the rows
// that belong to the guild through its webhook endpoints: their retired secrets and the events they received.
import type { Kysely } from "kysely";
import { adminNoticeSource } from "./admin-notices.js";
import { deleteUncardedAnswers } from "./battle-answers.js";
import type { Database } from "./database.js";
import { idsPerQuery, inSlices } from "./in-slices.js";
import { listGuildOAuthCredentials } from "./member-links.js";
import { queueRoleConnectionsOfGuild } from "./role-connection-writes.js";
import { forgetGuildOfTokenRevocations, queueTokenRevocation, tokenToRevokeOf } from "./token-revocations.js";
import { reminderSource } from "./tournament-reminders.js";
import type { SecretBox } from "../secrets/secret-box.js";

/** Rows deleted per table, for the log. */
export interface PurgedGuildRows {
  readonly memberLinks: number;
  readonly oauthStates: number;
  readonly guildSettings: number;
  readonly subscriptions: number;
  readonly webhookEndpoints: number;
  readonly retiredSecrets: number;
  readonly battleCards: number;
  /** What the platform answered about those battles, once no server keeps a card of them (battle-answers.ts). */
  readonly battleAnswers: number;
  readonly reminderSettings: number;
  readonly tournamentReminders: number;
  readonly outboxRows: number;
  readonly inboxEvents: number;
  /** Tier roles (docs/architecture.md, "Tier roles"): the settings, the mappings, the members' rows. */
  readonly roleSettings: number;
  readonly tierRoles: number;
  readonly memberTierRoles: number;
  /** The reminder roles `/remind on` gave its members (reminder-role-grants.ts). */
  readonly reminderRoleGrants: number;
  readonly memberActivity: number;
  /** The weekly digests first read here (their claims are on the activity rows, gone with them). */
  readonly digestWeeks: number;
  readonly webhookChangeLeases: number;
  /** The refreshes its own endpoint sent (the weekly digest's weeks); the operator's are every server's. */
  readonly leaderboardRefreshes: number;
  readonly memberTeams: number;
  readonly threadPauses: number;
  /** The threads battle cards and tournament posts started (message-threads.ts). */
  readonly messageThreads: number;
  /** docs/architecture.md, "Tournament events": the setting and the rows of the events (Discord deleted those). */
  readonly tournamentEventSettings: number;
  readonly tournamentEvents: number;
  /**
   * The OAuth tokens of the guild's member links, queued for revocation as an unlink's are (token-revocations.ts),
   * naming neither the server nor the member; and revocations queued before, which stay but forget them too.
   */
  readonly tokenRevocationsQueued: number;
  readonly tokenRevocationsForgotten: number;
  /**
   * docs/architecture.md, "Linked Roles": members verified for Linked Roles who were linked here, their
   * connection queued to be written again from their other links, or cleared with none left.
   */
  readonly roleConnectionsQueued: number;
}

/**
 * Deletes the guild's rows in one transaction, if its removal is still recorded from before `removedBefore`;
 * undefined (nothing deleted) when the bot came back in the meantime. The removal row goes first and gates the
 * rest: an add-back clearing it at the same moment either commits first (nothing is purged) or waits for this
 * commit and finds the guild already gone.
 */
export async function purgeRemovedGuild(
  db: Kysely<Database>,
  box: SecretBox,
  input: {
    readonly guildId: string;
    readonly removedBefore: number;
    readonly now: number;
    /** False while platform OAuth is off: nothing could send the links' tokens, so none is queued. */
    readonly queueOAuthTokens: boolean;
  },
): Promise<PurgedGuildRows | undefined> {
  const { guildId } = input;
  return db.transaction().execute(async (trx) => {
    const removal = await trx
      .deleteFrom("guild_removals")
      .where("guild_id", "=", guildId)
      .where("removed_at", "<", input.removedBefore)
      .executeTakeFirst();
    if (removal.numDeletedRows === 0n) return undefined;
    const count = async (query: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }) =>
      Number((await query.executeTakeFirst()).numDeletedRows);
    const endpointIds = (
      await trx.selectFrom("webhook_endpoints").select("id").where("guild_id", "=", guildId).execute()
    ).map((row) => row.id);

    // A queued admins' notice's text, and a reminder's, is an inbox row of its own source that only this
    // guild's outbox row names: read before the outbox goes, deleted with the guild's other inbox rows.
    const ownEvents = await trx
      .selectFrom("outbox")
      .select(["source", "event_id"])
      .where("guild_id", "=", guildId)
      .where("source", "in", [adminNoticeSource, reminderSource])
      .execute();
    // The outbox names inbox rows, so it goes before them.
    const outboxRows = await count(trx.deleteFrom("outbox").where("guild_id", "=", guildId));
    let ownInboxEvents = 0;
    for (const source of [adminNoticeSource, reminderSource]) {
      const eventIds = ownEvents.filter((row) => row.source === source).map((row) => row.event_id);
      ownInboxEvents += (
        await inSlices(eventIds, idsPerQuery, async (slice) => [
          await count(
            trx.deleteFrom("inbox_events").where("source", "=", source).where("event_id", "in", slice),
          ),
        ])
      ).reduce((sum, deleted) => sum + deleted, 0);
    }
    const endpointInboxEvents =
      endpointIds.length === 0
        ? 0
        : await count(
            trx
              .deleteFrom("inbox_events")
              .where("source", "in", endpointIds)
              .where((eb) =>
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom("outbox")
                      .select("outbox.id")
                      .whereRef("outbox.source", "=", "inbox_events.source")
                      .whereRef("outbox.event_id", "=", "inbox_events.event_id"),
                  ),
                ),
              ),
          );
    // The foreign key would cascade these with their endpoints; deleted first, they are counted for the log.
    const retiredSecrets =
      endpointIds.length === 0
        ? 0
        : await count(trx.deleteFrom("webhook_retired_secrets").where("endpoint_id", "in", endpointIds));
    const battleIds = (
      await trx.selectFrom("battle_cards").select("battle_id").where("guild_id", "=", guildId).execute()
    ).map((row) => row.battle_id);
    const battleCards = await count(trx.deleteFrom("battle_cards").where("guild_id", "=", guildId));
    const battleAnswers = await deleteUncardedAnswers(trx, battleIds);
    // Before the links go: who was linked here is what the queue asks.
    const roleConnectionsQueued = await queueRoleConnectionsOfGuild(trx, {
      guildId,
      cause: "guild-purge",
      now: input.now,
    });
    return {
      outboxRows,
      inboxEvents: endpointInboxEvents + ownInboxEvents,
      retiredSecrets,
      webhookEndpoints: await count(trx.deleteFrom("webhook_endpoints").where("guild_id", "=", guildId)),
      subscriptions: await count(trx.deleteFrom("subscriptions").where("guild_id", "=", guildId)),
      tokenRevocationsQueued: input.queueOAuthTokens
        ? await queueLinkTokens(trx, box, guildId, input.now)
        : 0,
      tokenRevocationsForgotten: await forgetGuildOfTokenRevocations(trx, guildId),
      memberLinks: await count(trx.deleteFrom("member_links").where("guild_id", "=", guildId)),
      oauthStates: await count(trx.deleteFrom("oauth_states").where("guild_id", "=", guildId)),
      guildSettings: await count(trx.deleteFrom("guild_settings").where("guild_id", "=", guildId)),
      battleCards,
      battleAnswers,
      roleSettings: await count(trx.deleteFrom("guild_role_settings").where("guild_id", "=", guildId)),
      tierRoles: await count(trx.deleteFrom("tier_roles").where("guild_id", "=", guildId)),
      memberTierRoles: await count(trx.deleteFrom("member_tier_roles").where("guild_id", "=", guildId)),
      reminderSettings: await count(trx.deleteFrom("reminder_settings").where("guild_id", "=", guildId)),
      tournamentReminders: await count(
        trx.deleteFrom("tournament_reminders").where("guild_id", "=", guildId),
      ),
      reminderRoleGrants: await count(trx.deleteFrom("reminder_role_grants").where("guild_id", "=", guildId)),
      memberActivity: await count(trx.deleteFrom("member_activity").where("guild_id", "=", guildId)),
      digestWeeks: await count(trx.deleteFrom("digest_weeks").where("guild_id", "=", guildId)),
      webhookChangeLeases: await count(
        trx.deleteFrom("webhook_change_leases").where("guild_id", "=", guildId),
      ),
      leaderboardRefreshes: await count(
        trx.deleteFrom("leaderboard_refreshes").where("guild_id", "=", guildId),
      ),
      memberTeams: await count(trx.deleteFrom("member_teams").where("guild_id", "=", guildId)),
      threadPauses: await count(trx.deleteFrom("battle_thread_pauses").where("guild_id", "=", guildId)),
      messageThreads: await count(trx.deleteFrom("message_threads").where("guild_id", "=", guildId)),
      tournamentEventSettings: await count(
        trx.deleteFrom("tournament_event_settings").where("guild_id", "=", guildId),
      ),
      tournamentEvents: await count(trx.deleteFrom("tournament_events").where("guild_id", "=", guildId)),
      roleConnectionsQueued,
    };
  });
}

/**
 * Queues the guild's OAuth links' tokens for revocation, as an unlink would, before the links go: a server's
 * purge must not leave its members' tokens valid at the platform. Returns how many were queued.
 */
async function queueLinkTokens(
  trx: Kysely<Database>,
  box: SecretBox,
  guildId: string,
  now: number,
): Promise<number> {
  const credentials = await listGuildOAuthCredentials(trx, box, guildId);
  for (const credential of credentials) {
    await queueTokenRevocation(trx, box, {
      issuer: "platform",
      ...tokenToRevokeOf(credential),
      guildId: undefined,
      userId: undefined,
      cause: "server_purged",
      now,
    });
  }
  return credentials.length;
}
