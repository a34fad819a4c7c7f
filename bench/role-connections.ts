/**
 * Linked Roles kept current by push (docs/architecture.md, "Performance targets", "Linked Roles"): `members`
 * verified members, each with one rating change the platform signs, the changes spread over `window` ms; for
 * each, the time from the webhook's acknowledgement until the fake Discord holds the member's connection with
 * the new rating. Target: p99 ≤ 1 s ("within about a second of the webhook").
 * Run: npx tsx bench/role-connections.ts [members] [window ms]
 *
 * The real bot as production runs it: `src/main.ts` in its own process, SQLite file with fsync'd commits
 * (the receiver's group commit, the event-stored subscriber queueing `role_connection_writes` in the event's
 * transaction, the claiming role connection worker woken by the commit). The sandbox answers the platform's
 * reads, the fake Discord its OAuth2 token and role connection routes; both stay in this process, on
 * 127.0.0.1, so the acknowledgement and the connection's arrival are read on one clock. Members link with an
 * API key through /link and verify through the verification URL as a browser would, approving on the fake.
 *
 * Baseline (bench/support/role-connection-baseline.ts), same run, same machine: the least one write needs,
 * done directly and sequentially for each member: the member's profile and stats read from the sandbox with
 * their key (`GET /users/me`, `GET /users/me/stats`), then one `PUT` of the connection to the fake with a
 * Discord token of theirs. No database, no queue, no worker.
 *
 * Also checked: each member's connection was written exactly once for their change, and that write, the
 * last, holds the new rating (no change lost, none written twice).
 */
import { createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { REST } from "@discordjs/rest";
import { createFakeDiscord } from "../fake-discord/index.js";
import { buildSandbox } from "../sandbox/sandbox.js";
import { commandData } from "../src/commands/command-data.js";
import { deployCommands } from "../src/discord/deploy-commands.js";
import { registerRoleConnectionMetadata } from "../src/discord/role-connection-metadata.js";
import { linkedRolesRedirectUri } from "../src/linking/linked-roles-settings.js";
import { createDb } from "../src/store/create-db.js";
import { benchWebhookSecret } from "./support/battle-results.js";
import { startBotChild, type BotChild } from "./support/bot-child.js";
import { buildCrowd } from "./support/concurrent-interactions.js";
import {
  formatRatio,
  formatSummary,
  summariseLatencies,
  type LatencySummary,
} from "./support/latency-summary.js";
import { linkCrowd } from "./support/link-crowd.js";
import { measureDirectWrites, ratingOf, type ConnectionMember } from "./support/role-connection-baseline.js";

const positional = process.argv.slice(2);
const memberCount = Number(positional[0] ?? 50);
const windowMs = Number(positional[1] ?? 1000);
const p99TargetMs = 1000;
/** How long after the last acknowledgement a connection still counts as arriving. */
const arrivalDeadlineMs = 10_000;
const clientSecret = "bench-linked-roles-client-secret";
/** What bench/support/bot-child.ts tells the bot its public address is; the bot itself is reached at its url. */
const publicUrl = "https://bot.example.test";

type Member = ConnectionMember;

/** The member opens the verification URL, approves on Discord's consent page and lands on the bot's page. */
async function verify(bot: BotChild, approve: (authorizeUrl: string) => string): Promise<void> {
  const opened = await fetch(`${bot.url}/oauth/linked-roles`, { redirect: "manual" });
  await opened.arrayBuffer();
  if (opened.status !== 303) throw new Error(`the verification URL answered ${opened.status}`);
  const cookie = opened.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  const back = new URL(approve(opened.headers.get("location") ?? ""));
  const page = await fetch(`${bot.url}${back.pathname}${back.search}`, {
    headers: { cookie },
    redirect: "manual",
  });
  const text = await page.text();
  if (page.status !== 200) throw new Error(`the verification callback answered ${page.status}: ${text}`);
}

/** A signed `user.rating_changed` from the operator's webhook; resolves with its status once it is answered. */
async function deliverRatingChange(bot: BotChild, body: string): Promise<number> {
  const signature = createHmac("sha256", benchWebhookSecret).update(body).digest("hex");
  const response = await fetch(`${bot.url}/webhooks/platform`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-service-signature": `sha256=${signature}` },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

const discord = await createFakeDiscord({ oauth2: { clientSecret } });
const sandbox = await buildSandbox({ seed: false });
await sandbox.listen(0, "127.0.0.1");
const dataDir = await mkdtemp(join(tmpdir(), "arena-bench-role-connections-"));
const rest = new REST({ api: discord.apiUrl }).setToken(discord.botToken);
let bot: BotChild | undefined;
let botRun: { summary: LatencySummary; refused: number; beforeAck: number; rateLimited: number } | undefined;
const failures: string[] = [];
const members: Member[] = [];
try {
  const crowd = buildCrowd(discord, memberCount);
  await deployCommands(rest, { applicationId: discord.applicationId, guildId: crowd.guildId }, commandData);
  await registerRoleConnectionMetadata(rest, discord.applicationId);
  discord.oauth2.addRedirectUri(linkedRolesRedirectUri(publicUrl));
  bot = await startBotChild({
    discord,
    interactionsMode: "gateway",
    platformApiUrl: `${sandbox.url}/v1`,
    platformTimeoutMs: 5000,
    dataDir,
    env: { DISCORD_CLIENT_SECRET: clientSecret, PLATFORM_WEBHOOK_SECRET: benchWebhookSecret },
  });
  const running = bot;
  // member<n> (rating 1500 + n − 1), linked with a read key of their own through /link.
  await linkCrowd(discord, sandbox, crowd);
  for (const [index, userId] of crowd.memberIds.entries()) {
    members.push({ userId, username: `member${index + 1}`, newRating: 2000 + index });
  }
  for (const member of members) {
    // At most 40 a second: each verification exchanges a code at Discord's token route, one bucket of 50 a
    // second for the application, and a refused exchange fails the verification (the member tries again).
    const paced = sleep(25);
    await verify(running, (authorizeUrl) => discord.oauth2.approve(authorizeUrl, member.userId));
    await paced;
  }
  // Verification wrote each connection once, with the rating linked: wait for those before measuring.
  const settleDeadline = performance.now() + 30_000;
  while (
    members.some((member) => discord.oauth2.roleConnection(member.userId) === undefined) &&
    performance.now() < settleDeadline
  ) {
    await sleep(20);
  }
  const writesBefore = new Map(
    members.map((member) => [member.userId, discord.oauth2.roleConnectionWrites(member.userId).length]),
  );

  const wanted = new Map(members.map((member) => [member.userId, String(member.newRating)]));
  const arrivedAt = new Map<string, number>();
  const stopListening = discord.oauth2.onRoleConnectionChange((userId) => {
    if (arrivedAt.has(userId) || wanted.get(userId) === undefined) return;
    if (ratingOf(discord.oauth2.roleConnection(userId)) === wanted.get(userId)) {
      arrivedAt.set(userId, performance.now());
    }
  });
  const ackedAt = new Map<string, number>();
  const rateLimitedBefore = discord.stats.rateLimited;
  const started = performance.now();
  const statuses = await Promise.all(
    members.map(async (member, index) => {
      const due = started + (index * windowMs) / memberCount;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const user = [...sandbox.state.users.values()].find(
        (candidate) => candidate.username === member.username,
      );
      if (user === undefined) throw new Error(`the sandbox has no ${member.username}`);
      const oldRating = user.rating;
      // The platform's rating moves, then it signs the event (as it does: the event follows the change).
      user.rating = member.newRating;
      const status = await deliverRatingChange(
        running,
        JSON.stringify({
          id: `evt_rating_bench_${String(index)}`,
          event: "user.rating_changed",
          created: new Date().toISOString(),
          data: {
            object: "user",
            id: user.id,
            user: { id: user.id, username: user.username },
            old_rating: oldRating,
            new_rating: member.newRating,
            change: member.newRating - oldRating,
          },
        }),
      );
      ackedAt.set(member.userId, performance.now());
      return status;
    }),
  );
  const lastAck = performance.now();
  while (arrivedAt.size < members.length && performance.now() < lastAck + arrivalDeadlineMs) await sleep(20);
  stopListening();

  // Every queued write finished (the table empty), so any second write would have happened by now.
  const store = await createDb(`file:${join(dataDir, "bot.sqlite")}`);
  try {
    const queuedDeadline = performance.now() + arrivalDeadlineMs;
    for (;;) {
      const row = await store.db
        .selectFrom("role_connection_writes")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .executeTakeFirstOrThrow();
      if (Number(row.count) === 0) break;
      if (performance.now() > queuedDeadline) {
        failures.push(`${String(row.count)} role connection writes still queued`);
        break;
      }
      await sleep(20);
    }
  } finally {
    await store.close();
  }

  let beforeAck = 0;
  const latencies: number[] = [];
  for (const member of members) {
    const arrived = arrivedAt.get(member.userId);
    const acked = ackedAt.get(member.userId);
    if (arrived === undefined || acked === undefined) continue;
    // The write can land before this process reads the answer; that change waited nothing past its ack.
    if (arrived < acked) beforeAck += 1;
    latencies.push(Math.max(0, arrived - acked));
    const writes = discord.oauth2.roleConnectionWrites(member.userId).slice(writesBefore.get(member.userId));
    const ratings = writes.map((connection) => ratingOf(connection));
    if (writes.length !== 1 || ratings[0] !== String(member.newRating)) {
      failures.push(
        `${member.username}: writes after the change ${JSON.stringify(ratings)}, wanted [${member.newRating}]`,
      );
    }
  }
  const missing = members.length - latencies.length;
  if (missing > 0) failures.push(`${String(missing)} connections never showed the new rating`);
  botRun = {
    summary: summariseLatencies(latencies, missing),
    refused: statuses.filter((status) => status !== 200).length,
    beforeAck,
    rateLimited: discord.stats.rateLimited - rateLimitedBefore,
  };
} catch (error) {
  if (bot !== undefined) {
    await bot.child.stop();
    console.error(`the bot's output:\n${bot.child.output()}`);
    bot = undefined;
  }
  throw error;
} finally {
  await bot?.child.stop();
}

let baseline: LatencySummary;
try {
  baseline = await measureDirectWrites({ discord, sandbox, publicUrl, members });
} finally {
  rest.clearHashSweeper();
  rest.clearHandlerSweeper();
  await sandbox.close();
  await discord.close();
  await rm(dataDir, { recursive: true, force: true });
}

const met = botRun.summary.p99 <= p99TargetMs && botRun.refused === 0 && failures.length === 0;
console.log(
  `role connections: ${memberCount} verified members, one signed user.rating_changed each over ${windowMs} ms; ` +
    `from the webhook's acknowledgement to the connection with the new rating at the fake Discord`,
);
console.log(`bot:      ${formatSummary(botRun.summary)}`);
console.log(
  `baseline: ${formatSummary(baseline)} (one sandbox read of user + stats and one PUT to the fake, sequentially)`,
);
console.log(
  `ratio p50 ${formatRatio(botRun.summary.p50, baseline.p50)} | ratio p99 ` +
    `${formatRatio(botRun.summary.p99, baseline.p99)} | target p99 ≤ ${p99TargetMs} ms: ` +
    (botRun.summary.p99 <= p99TargetMs ? "met" : "MISSED"),
);
console.log(
  `exactly one write per change, holding the new rating: ` +
    `${failures.length === 0 ? `yes, all ${memberCount}` : "NO"} | deliveries refused: ${botRun.refused} | ` +
    `written before the acknowledgement was read: ${botRun.beforeAck} | 429s from the fake: ${botRun.rateLimited}`,
);
for (const failure of failures.slice(0, 10)) console.log(`  ${failure}`);
if (!met) console.log("role-connections: a target was MISSED");
process.exitCode = met ? 0 : 1;
