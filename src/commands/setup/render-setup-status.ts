import type { APIEmbedField } from "discord-api-types/v10";
import { discordLimits } from "../../discord/discord-limits.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { plainCode, plainText } from "../../display/platform-text.js";
import { operatorSource } from "../../store/inbox.js";
import { deletedChannelProblem, deletedRoleProblem } from "../../store/reminder-settings.js";
import { fitLines } from "../../display/fit-lines.js";
import { describeRoute } from "../subscribe/describe-route.js";
import { countRouteStatuses } from "../subscriptions/render-subscription-list.js";
import type {
  EndpointSummary,
  EventStatus,
  ReminderStatus,
  SetupStatus,
  TierRoleStatus,
} from "./sub/status.js";
import { formatLeadTimes } from "../../display/lead-time.js";
import { formatTier } from "../../display/tier.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";
import { isStoredTestEvent } from "../../events/index.js";
import { isAdminStandingProblem } from "../../reminders/tell-admins-read-on-hold.js";
import { fitList } from "../../display/fit-lines.js";

const field = (name: string, lines: readonly string[], empty: string): APIEmbedField => ({
  name,
  value: fitLines(lines, discordLimits.embedFieldValue, empty),
});

function describeLinks(status: SetupStatus): string[] {
  const stale = status.links.filter((link) => link.status === "reauth_needed");
  if (status.links.length === 0) return [];
  const count = `${status.links.length - stale.length} active · ${stale.length} need re-linking`;
  if (stale.length === 0) return [count];
  const budget = discordLimits.embedFieldValue - count.length - 1;
  return [
    count,
    fitList(
      stale.map((link) => `<@${link.userId}>`),
      budget,
      { lead: "Need `/link` again: ", separator: ", ", moreSeparator: " " },
    ),
  ];
}

function describeEndpoint(endpoint: EndpointSummary, now: number): string {
  if (endpoint.platformWebhookId === null) {
    return (
      `⚠️ Endpoint \`${endpoint.id}\`: the platform never confirmed its registration; ` +
      "run `/setup webhook register` again."
    );
  }
  const rotation =
    endpoint.previousSecretExpiresAt !== null && endpoint.previousSecretExpiresAt > now
      ? ` · secret rotated, the old one accepted until ${discordTimestamp(endpoint.previousSecretExpiresAt, "R")}`
      : "";
  return `🟢 ${plainCode(endpoint.platformWebhookId)} · registered ${discordTimestamp(endpoint.createdAt, "R")}${rotation}`;
}

function describeWebhooks(status: SetupStatus, now: number): string[] {
  return [
    ...status.endpoints.map((endpoint) => describeEndpoint(endpoint, now)),
    ...(status.operatorWebhook ? ["🟢 The operator's webhook feeds every server, this one included."] : []),
  ];
}

function describeEvents(status: SetupStatus): string[] {
  return status.recentEvents.map((event) => {
    const source = event.source === operatorSource ? "operator" : "this server's webhook";
    const test = isStoredTestEvent(event.payload) ? " · 🧪 test" : "";
    return `${plainCode(event.kind, 40)}${test} · ${event.status} · ${discordTimestamp(event.receivedAt, "R")} · ${source}`;
  });
}

function describeRoutes(status: SetupStatus): string[] {
  if (status.subscriptions.length === 0) return [];
  const troubled = status.subscriptions.filter((subscription) => subscription.status !== "active");
  return [countRouteStatuses(status.subscriptions), ...troubled.map(describeRoute)];
}

function describeTierRoles(status: TierRoleStatus): string[] {
  const { settings } = status;
  if (settings === undefined || settings.mode === "off") return [];
  const lines = [
    settings.pausedReason === null
      ? `🟢 ${settings.mode === "create" ? "Created by the bot; new tiers get a role" : "Mapped by admins"}`
      : `⏸️ Paused: ${plainText(settings.pausedReason)}. Fix it, then run \`/setup roles sync\`.`,
    `Last sync: ${settings.lastSyncAt === null ? "never" : discordTimestamp(settings.lastSyncAt, "R")} · ` +
      `${status.pendingMembers} ${status.pendingMembers === 1 ? "member" : "members"} waiting`,
  ];
  if (settings.lastProblem !== null && settings.lastProblemAt !== null) {
    lines.push(
      `Last problem ${discordTimestamp(settings.lastProblemAt, "R")}: ${plainText(settings.lastProblem)}`,
    );
  }
  const failed = status.failedMembers;
  if (failed !== undefined) {
    lines.push(
      `⚠️ ${failed.count} ${failed.count === 1 ? "member's roles" : "members' roles"} could not be updated ` +
        `(the latest: ${plainText(failed.latestError, { maxLength: 200 })}); their next rating change or ` +
        "`/setup roles sync` tries again.",
    );
  }
  lines.push(
    ...status.mappings.map((mapping) => `${plainText(formatTier(mapping.tier))} → <@&${mapping.roleId}>`),
  );
  return lines;
}

function describeReminders(status: ReminderStatus): string[] {
  const { settings } = status;
  if (settings === undefined) return [];
  const roleDeleted = settings.roleProblem === deletedRoleProblem;
  const ping = settings.roleId === null || roleDeleted ? "no ping" : `pinging <@&${settings.roleId}>`;
  const lines = [
    settings.linkProblem === null
      ? `🟢 In <#${settings.channelId}>, ${formatLeadTimes(settings.leadMinutes)} before each start, ${ping}`
      : isAdminStandingProblem(settings.linkProblem)
        ? `⏸️ On hold: <@${settings.configuredBy}> is no longer an admin here (${plainText(settings.linkProblem)}), so their account reads nothing. An admin runs \`/setup reminders set\`.`
        : `⏸️ On hold: <@${settings.configuredBy}>'s link no longer reads tournaments (${plainText(settings.linkProblem)}). They can \`/link\` again, or another admin runs \`/setup reminders set\`.`,
    `Read with <@${settings.configuredBy}>'s account · last read: ${settings.lastPolledAt === null ? "not yet" : discordTimestamp(settings.lastPolledAt, "R")}`,
  ];
  const next = status.scheduled[0];
  if (next !== undefined) {
    lines.push(
      `Next: **${plainText(next.tournament.title)}** ${discordTimestamp(next.dueAt, "R")} · ${status.scheduled.length} scheduled`,
    );
  }
  if (roleDeleted) {
    lines.push(
      "⚠️ The reminder role was deleted, so reminders ping nobody and `/remind` gives no role; admins were told. Run `/setup reminders set` with another role (or without `role:`).",
    );
  } else if (settings.roleProblem !== null) {
    lines.push(
      `⚠️ Members can't take the role (${plainText(settings.roleProblem)}); admins were told what to fix.`,
    );
  }
  if (settings.channelProblem !== null) {
    const fix = settings.channelProblem.startsWith(deletedChannelProblem)
      ? "Run `/setup reminders set` with another channel."
      : "Give me View Channel, Send Messages and Embed Links there, then run `/setup reminders set` again.";
    lines.push(
      `⚠️ I couldn't post reminders in <#${settings.channelId}> (${plainText(settings.channelProblem)}). ${fix}`,
    );
  }
  return lines;
}

function describeThreads(status: SetupStatus): string[] {
  // A channel whose route chose `battle-updates:channel` starts no thread: said, so the default line is not.
  const inChannel = [
    ...new Set(
      status.subscriptions
        .filter((subscription) => subscription.filters.battleUpdates === "channel")
        .map((subscription) => subscription.channelId),
    ),
  ].map((channelId) => `💬 <#${channelId}>: updates stay in the channel (\`battle-updates:channel\`)`);
  const paused = status.threadPauses.map((pause) => {
    // `/subscribe` would also route events into a channel kept for reminders.
    const resume =
      pause.channelId === status.reminders.settings?.channelId
        ? "run `/setup reminders set` again"
        : "`/subscribe` it";
    return (
      `⏸️ <#${pause.channelId}>: give me **${pause.permission}** there, then ${resume} ` +
      `(${plainText(pause.reason)}, ${discordTimestamp(pause.pausedAt, "R")})`
    );
  });
  if (inChannel.length === 0) return paused;
  return [
    "Elsewhere each battle card and tournament post starts a thread for its updates.",
    ...inChannel,
    ...paused,
  ];
}

function describeLastRead(lastPolledAt: number | null): string {
  return `last read: ${lastPolledAt === null ? "not yet" : discordTimestamp(lastPolledAt, "R")}`;
}

/** Who reads the open tournaments the events come from: the reminders' reader, or the events' own. */
function describeEventReads(status: EventStatus, reminders: ReminderStatus): string[] {
  const { settings } = status;
  if (settings === undefined) return [];
  if (reminders.settings !== undefined && reminders.settings.linkProblem === null) {
    const { configuredBy, lastPolledAt } = reminders.settings;
    return [`Read by reminders with <@${configuredBy}>'s account · ${describeLastRead(lastPolledAt)}`];
  }
  // No reminders, or their read on hold (said under Reminders): the events' own read, with its admin's
  // account.
  const read = reminders.settings === undefined ? "Read" : "Reminders' read on hold, so read";
  const lines = [
    `${read} with <@${settings.enabledBy}>'s account · ${describeLastRead(settings.lastPolledAt)}`,
  ];
  if (settings.linkProblem !== null) {
    lines.push(
      isAdminStandingProblem(settings.linkProblem)
        ? `⏸️ Reads on hold: <@${settings.enabledBy}> is no longer an admin here (${plainText(settings.linkProblem)}), so their account reads nothing. An admin runs \`/setup events on\`.`
        : `⏸️ Reads on hold: <@${settings.enabledBy}>'s link no longer reads tournaments (${plainText(settings.linkProblem)}). They can \`/link\` again, or another admin runs \`/setup events on\`.`,
    );
  }
  return lines;
}

function describeTournamentEvents(status: EventStatus, reminders: ReminderStatus): string[] {
  if (status.settings === undefined) return [];
  const shown = status.events.filter(
    (event) =>
      event.discordEventId !== null &&
      (event.wantedStatus === "scheduled" || event.wantedStatus === "active"),
  );
  const lines = [
    status.settings.permissionProblem === null
      ? `🟢 On: ${shown.length} open tournaments shown in the Events tab`
      : `⏸️ Paused: I lack the **${plainText(status.settings.permissionProblem)}** permission. Grant it to my role, then run \`/setup events on\`.`,
  ];
  lines.push(...describeEventReads(status, reminders));
  // Due now or retried after a refusal; not a running tournament's event in line with it, due at its end.
  const waiting = status.events.filter(
    (event) => event.dueAt !== null && (event.attempts > 0 || event.dueAt < event.endsAt),
  ).length;
  if (waiting > 0) lines.push(`${waiting} waiting to be synced`);
  return lines;
}

/** `/setup status`: one embed, a field per concern, each cut cleanly to Discord's limits. */
export function renderSetupStatus(status: SetupStatus, now: number): Reply {
  return {
    ephemeral: true,
    embeds: [
      {
        title: "Setup status",
        fields: [
          field("Linked members", describeLinks(status), "Nobody has linked an account yet (`/link`)."),
          field(
            "Platform webhook",
            describeWebhooks(status, now),
            "None: run `/setup webhook register` so events reach this server.",
          ),
          field("Last events received", describeEvents(status), "None yet."),
          field("Subscriptions", describeRoutes(status), "None: route events with `/subscribe`."),
          field(
            "Threads",
            describeThreads(status),
            "🟢 Each battle card and tournament post starts a thread for its updates.",
          ),
          field(
            "Tier roles",
            describeTierRoles(status.tierRoles),
            "Off: `/setup roles create` gives members a role for their platform tier.",
          ),
          field(
            "Tournament reminders",
            describeReminders(status.reminders),
            "Off: `/setup reminders set` posts reminders before tournaments start.",
          ),
          field(
            "Tournament events",
            describeTournamentEvents(status.events, status.reminders),
            "Off: `/setup events on` shows open tournaments in the Events tab.",
          ),
          {
            name: "Announcement queue",
            value: `${status.pendingAnnouncements} waiting to be posted`,
            inline: true,
          },
          {
            name: "Admin channel",
            value:
              status.adminChannelId === null
                ? "Not set (`/setup admin-channel`): pause notices go to the bot's log only."
                : `<#${status.adminChannelId}>`,
            inline: true,
          },
        ],
      },
    ],
  };
}
