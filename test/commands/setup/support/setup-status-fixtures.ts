// The /setup status tests' fixtures: a fixed time, a fresh server, reminders set up, and the embed's fields.
import type { SetupStatus } from "../../../../src/commands/setup/sub/status.js";
import { renderSetupStatus } from "../../../../src/commands/setup/render-setup-status.js";

export const now = Date.UTC(2025, 0, 1, 12);

export const empty: SetupStatus = {
  links: [],
  endpoints: [],
  operatorWebhook: false,
  recentEvents: [],
  subscriptions: [],
  pendingAnnouncements: 0,
  adminChannelId: null,
  tierRoles: { settings: undefined, mappings: [], pendingMembers: 0 },
  reminders: { settings: undefined, scheduled: [] },
  threadPauses: [],
  events: { settings: undefined, events: [] },
};

export const reminderSettings = {
  guildId: "100000000000000001",
  channelId: "300000000000000002",
  leadMinutes: [60, 10],
  roleId: "500000000000000001",
  configuredBy: "200000000000000009",
  nextPollAt: now,
  readClaims: 3,
  lastPolledAt: now - 60_000,
  linkProblem: null,
  roleProblem: null,
  channelProblem: null,
  createdAt: 0,
  updatedAt: 0,
};

export const nextReminder = {
  id: "rem_1",
  guildId: "100000000000000001",
  tournament: {
    id: "trn_1",
    startsAt: now + 3_600_000,
    title: "# Sprint",
    format: null,
    prize: null,
    participants: null,
    maxParticipants: null,
  },
  leadMinutes: 10,
  dueAt: now + 3_000_000,
  status: "scheduled" as const,
  statusReason: null,
  tournamentStarted: false,
  sentAt: null,
};

export function fields(status: SetupStatus): Record<string, string> {
  const embed = renderSetupStatus(status, now).embeds?.[0];
  return Object.fromEntries((embed?.fields ?? []).map((field) => [field.name, field.value]));
}
