// Every periodic job of the bot, in one list that run-background-jobs.ts runs (docs/architecture.md,
// "Running"). A job that must wake a worker does so from its own `run`.
import { revocationEndpoint } from "../linking/revoke-queued-tokens.js";
import { reconcileIntervalMs, reconcileTierRoles } from "../roles/reconcile-tier-roles.js";
import { pruneUncardedAnswers } from "../store/battle-answers.js";
import { pruneDigestWeeks } from "../store/digest-weeks.js";
import { pruneLeaderboardRefreshes } from "../store/leaderboard-refreshes.js";
import { pruneMemberActivity } from "../store/member-activity.js";
import { pruneEndedLeases } from "../store/leases.js";
import { pruneLinkedRoleStates } from "../store/linked-role-states.js";
import { pruneAbandonedSignIns } from "../linking/prune-abandoned-sign-ins.js";
import { pruneAbandonedVerifications } from "../linking/prune-abandoned-verifications.js";
import { pruneRetiredOperatorSecrets } from "../store/operator-webhook-secrets.js";
import { pruneSeenInteractions } from "../store/seen-interactions.js";
import { pruneTournamentEvents } from "../store/tournament-event-deletions.js";
import { pruneTournamentReminders } from "../store/tournament-reminders.js";
import { pruneRetiredSecrets } from "../store/webhook-retired-secrets.js";
import type { BotParts } from "./build-dependencies.js";
import { checkGuildList } from "./follow-guild-list.js";
import { purgeRemovedGuilds } from "./purge-removed-guilds.js";
import type { BackgroundJob } from "./run-background-jobs.js";

const hour = 60 * 60 * 1000;
const day = 24 * hour;
/** A probe while the database cannot write; each waits out the busy timeout (5 s) when the lock is held. */
const writeProbeIntervalMs = 5000;
/** A reminder row keeps a reminder from being sent twice until a week past its tournament's start. */
const reminderRetentionMs = 7 * 24 * hour;

export function listBackgroundJobs(parts: BotParts): BackgroundJob[] {
  const { store, roles, roleConnections, outbox } = parts;
  const { clock, logger, config, rest } = parts.deps;
  const db = store.db;
  return [
    // Abandoned /link requests leave an encrypted verifier and interaction token behind, and those a callback
    // exchanged hold tokens the platform still honours: they are revoked (prune-abandoned-sign-ins.ts).
    { name: "prune expired OAuth states", everyMs: hour, run: () => pruneAbandonedSignIns(parts.deps) },
    // Linked Roles verifications nobody finished leave a sealed verifier behind (linked-role-states.ts).
    {
      name: "prune expired Linked Roles states",
      everyMs: hour,
      run: () => pruneLinkedRoleStates(db, clock.now()),
    },
    // The Discord token of a verification whose platform sign-in nobody finished (prune-abandoned-verifications.ts).
    {
      name: "prune abandoned Linked Roles verifications",
      everyMs: hour,
      run: () => pruneAbandonedVerifications(parts.deps),
    },
    // A sealed secret is kept no longer than it verifies deliveries (webhook-retired-secrets.ts).
    { name: "prune retired webhook secrets", everyMs: hour, run: () => pruneRetiredSecrets(db, clock.now()) },
    {
      name: "prune retired operator webhook secrets",
      everyMs: hour,
      run: () => pruneRetiredOperatorSecrets(db, clock.now()),
    },
    // An id is kept only while a replay of its signed request could still be fresh (seen-interactions.ts).
    { name: "prune seen interaction ids", everyMs: hour, run: () => pruneSeenInteractions(db, clock.now()) },
    // docs/architecture.md, "Posting": posted and dead rows, and the inbox's events past their retention.
    {
      name: "prune delivered outbox rows and old inbox events",
      everyMs: day,
      run: () => outbox.pruneDelivered(),
    },
    // A webhook change's or a token refresh's lease left by an instance that stopped while holding it.
    { name: "prune ended leases", everyMs: hour, run: () => pruneEndedLeases(db, clock.now()) },
    {
      name: "prune past tournament reminders",
      everyMs: hour,
      run: () => pruneTournamentReminders(db, clock.now() - reminderRetentionMs),
    },
    // docs/architecture.md, "Tournament events": a row is kept a week past its event's end.
    {
      name: "prune past tournament events",
      everyMs: hour,
      run: () => pruneTournamentEvents(db, clock.now() - reminderRetentionMs),
    },
    // What the platform answered about a battle is kept while a card shows it (battle-answers.ts).
    {
      name: "prune the answers of battles no card shows",
      everyMs: hour,
      run: () => pruneUncardedAnswers(db, clock.now() - day),
    },
    // The weekly digest and /leaderboard server read a year at most (member-activity.ts), and so do the
    // refreshes that bound the digest's weeks (leaderboard-refreshes.ts).
    {
      name: "prune members' activity older than a year",
      everyMs: hour,
      run: async () => {
        const now = clock.now();
        const bounds = (await pruneLeaderboardRefreshes(db, now)) + (await pruneDigestWeeks(db, now));
        return bounds + (await pruneMemberActivity(db, now));
      },
    },
    // docs/architecture.md, "When the bot leaves a server".
    {
      name: "purge the data of servers that removed the bot",
      everyMs: hour,
      run: () =>
        purgeRemovedGuilds({
          db,
          secretBox: parts.deps.secretBox,
          clock,
          logger,
          guildDataGraceMs: config.guildDataGraceMs,
          queueOAuthTokens: revocationEndpoint(config, "platform") !== undefined,
          wakeRoleConnectionWorker: () => {
            roleConnections.wake();
          },
          wakeRevocationWorker: () => {
            parts.tokenRevocations.wake();
          },
        }),
    },
    // While the database cannot write, /readyz and the metrics recover once it can, with no traffic to show it
    // (src/store/write-health.ts); a store that can write does nothing here.
    {
      name: "probe whether the database can write again",
      everyMs: writeProbeIntervalMs,
      run: () => store.writeHealth?.probeIfFailing() ?? Promise.resolve(),
    },
    // docs/architecture.md, "When the bot leaves a server": without a gateway, no GUILD_DELETE says so.
    ...(config.discord.interactionsMode === "http"
      ? [
          {
            name: "check the bot's server list for servers that removed it",
            everyMs: config.guildListCheckMs,
            run: () => checkGuildList({ db, clock, logger, rest, guildDataGraceMs: config.guildDataGraceMs }),
          },
        ]
      : []),
    // docs/architecture.md, "Tier roles": corrects drift such as a role removed by hand.
    {
      name: "queue the daily tier role reconcile",
      everyMs: reconcileIntervalMs,
      run: async () => {
        if ((await reconcileTierRoles({ db, clock, logger })) > 0) roles.notify();
      },
    },
  ];
}
