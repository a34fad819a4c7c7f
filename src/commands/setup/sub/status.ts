// Everything `/setup status` shows, read from the bot's own store (no platform call): link health, the
// webhook endpoints, the last events received, routes, tier roles, reminders and the announcement queue
// (docs/architecture.md, "Commands").
import type { BotDependencies } from "../../bot-dependencies.js";
import { listTiers } from "../../../store/tiers.js";
import { inTierOrder } from "../in-tier-order.js";
import type { EventKind } from "../../../events/event-kinds.js";
import { findGuildSettings } from "../../../store/guild-settings.js";
import { type InboxEvent, listRecentInboxEvents, operatorSource } from "../../../store/inbox.js";
import { type LinkedMember } from "../../../store/member-links.js";
import { listGuildLinks } from "../../../store/linked-members.js";
import { countPendingOutbox } from "../../../store/outbox.js";
import { findGuildRoleSettings, type GuildRoleSettings } from "../../../store/guild-role-settings.js";
import { countPendingMemberRoles, readFailedMemberRoles } from "../../../store/member-tier-role-progress.js";
import { listTierRoles, type TierRole } from "../../../store/tier-roles.js";
import { findReminderSettings, type ReminderSettings } from "../../../store/reminder-settings.js";
import { listScheduledReminders, type TournamentReminder } from "../../../store/tournament-reminders.js";
import {
  findTournamentEventSettings,
  type TournamentEventSettings,
} from "../../../store/tournament-event-settings.js";
import { listTournamentEvents, type TournamentEvent } from "../../../store/tournament-events.js";
import { listGuildSubscriptions, type Subscription } from "../../../store/subscriptions.js";
import { listGuildWebhookEndpoints } from "../../../store/webhook-endpoints.js";
import { retiredSecretAcceptanceMs } from "../../../store/webhook-retired-secrets.js";
import { renderSetupStatus } from "../render-setup-status.js";
import { listThreadPauses, type ThreadPause } from "../../../store/thread-pauses.js";
import type { SubcommandContext } from "../setup-arguments.js";

/** An endpoint without its secrets: what may be shown. */
export interface EndpointSummary {
  readonly id: string;
  readonly platformWebhookId: string | null;
  readonly eventKinds: readonly EventKind[];
  readonly createdAt: number;
  /** Until when the newest secret a rotation replaced is still accepted; null if never rotated. */
  readonly previousSecretExpiresAt: number | null;
}

export interface SetupStatus {
  readonly links: readonly LinkedMember[];
  readonly endpoints: readonly EndpointSummary[];
  /** Whether the operator's webhook (PLATFORM_WEBHOOK_SECRET) feeds every guild, this one included. */
  readonly operatorWebhook: boolean;
  /** Newest first, from this guild's endpoints and the operator's webhook. */
  readonly recentEvents: readonly InboxEvent[];
  readonly subscriptions: readonly Subscription[];
  readonly pendingAnnouncements: number;
  readonly adminChannelId: string | null;
  readonly tierRoles: TierRoleStatus;
  readonly reminders: ReminderStatus;
  /** Channels where Discord refused battle threads (src/store/thread-pauses.ts). */
  readonly threadPauses: readonly ThreadPause[];
  readonly events: EventStatus;
}

/** docs/architecture.md, "Tournament events": the setting, a permission problem, the events kept. */
export interface EventStatus {
  readonly settings: TournamentEventSettings | undefined;
  /** Soonest first. */
  readonly events: readonly TournamentEvent[];
}

/** docs/architecture.md, "Tournament reminders": the settings, whose link reads, and what comes next. */
export interface ReminderStatus {
  readonly settings: ReminderSettings | undefined;
  /** Soonest first. */
  readonly scheduled: readonly TournamentReminder[];
}

/** docs/architecture.md, "Tier roles": the mapping, the last sync, members waiting, the last problem. */
export interface TierRoleStatus {
  readonly settings: GuildRoleSettings | undefined;
  readonly mappings: readonly TierRole[];
  readonly pendingMembers: number;
  /** Members whose sync was given up, and the latest reason; undefined when none was. */
  readonly failedMembers?: { readonly count: number; readonly latestError: string } | undefined;
}

const recentEventCount = 5;

export async function readSetupStatus(deps: BotDependencies, guildId: string): Promise<SetupStatus> {
  const endpoints = await listGuildWebhookEndpoints(deps.db, deps.secretBox, guildId, deps.clock.now());
  const operatorWebhook = deps.config.platform.webhookSecret !== undefined;
  const sources = [...endpoints.map((endpoint) => endpoint.id), ...(operatorWebhook ? [operatorSource] : [])];
  const events = await Promise.all(
    sources.map((source) => listRecentInboxEvents(deps.db, { limit: recentEventCount, source })),
  );
  return {
    links: await listGuildLinks(deps.db, guildId),
    endpoints: endpoints.map((endpoint) => {
      // Newest first: the last secret to stop being accepted.
      const newestRetired = endpoint.retiredSecrets[0];
      return {
        id: endpoint.id,
        platformWebhookId: endpoint.platformWebhookId,
        eventKinds: endpoint.eventKinds,
        createdAt: endpoint.createdAt,
        previousSecretExpiresAt:
          newestRetired === undefined ? null : newestRetired.retiredAt + retiredSecretAcceptanceMs,
      };
    }),
    operatorWebhook,
    recentEvents: events
      .flat()
      .sort((a, b) => b.receivedAt - a.receivedAt)
      .slice(0, recentEventCount),
    subscriptions: await listGuildSubscriptions(deps.db, guildId),
    pendingAnnouncements: await countPendingOutbox(deps.db, guildId),
    adminChannelId: (await findGuildSettings(deps.db, guildId))?.adminChannelId ?? null,
    tierRoles: {
      settings: await findGuildRoleSettings(deps.db, guildId),
      mappings: inTierOrder(await listTierRoles(deps.db, guildId), await listTiers(deps.db)),
      pendingMembers: await countPendingMemberRoles(deps.db, guildId),
      failedMembers: await readFailedMemberRoles(deps.db, guildId),
    },
    reminders: {
      settings: await findReminderSettings(deps.db, guildId),
      scheduled: await listScheduledReminders(deps.db, guildId),
    },
    threadPauses: await listThreadPauses(deps.db, guildId),
    events: {
      settings: await findTournamentEventSettings(deps.db, guildId),
      events: await listTournamentEvents(deps.db, guildId),
    },
  };
}

/** The subcommand: everything above, rendered for the admin. */
export async function runSetupStatus(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
): Promise<void> {
  const status = await readSetupStatus(deps, actor.guildId);
  await responder.reply(renderSetupStatus(status, deps.clock.now()));
}
