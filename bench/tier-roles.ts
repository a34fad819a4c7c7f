/**
 * Tier roles benchmark (docs/architecture.md, "Performance targets", "Tier roles"): 500 rating changes for
 * linked members of one server arrive within one second; the time until every member's tier role is right,
 * beside the best time Discord's route limits allow for the role changes needed, and the ratio.
 * Run: npx tsx bench/tier-roles.ts [changes] [crossing] [limit] [window ms]
 *
 * The real receiver's durable ingest (group commit on SQLite in a temp file, fsync'd) queues each change in the
 * event's own transaction, and the real role worker makes Discord agree through @discordjs/rest and the fake
 * Discord, whose member role bucket is Discord's: 10 changes per 10 s per server, adding and removing alike.
 * `crossing` of the changes move a member across a tier boundary (each needs one role added and one
 * removed); the others stay within their tier, which needs no request at all.
 *
 * The baseline: the role changes needed, 2 × crossing, go out `limit` per window, the first window opening
 * with the first change, so the last can go no earlier than ⌊(2 × crossing − 1) / limit⌋ windows after it.
 * The time is measured from the first event's arrival until the last role is right; the target is at most
 * 1.5 × the baseline (the changes cannot start before the events arrive, and the last one needs its answer).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { REST } from "@discordjs/rest";
import { createFakeDiscord } from "../fake-discord/index.js";
import { systemClock } from "../src/clock.js";
import { createLogger } from "../src/logger.js";
import { createRoleWorker } from "../src/roles/role-worker.js";
import { createKeyRing, generateKeySpec } from "../src/secrets/key-ring.js";
import { createSecretBox } from "../src/secrets/secret-box.js";
import { createDb } from "../src/store/create-db.js";
import { saveRoleSyncMode } from "../src/store/guild-role-settings.js";
import { saveMemberLink } from "../src/store/member-links.js";
import { claimDueMemberRoles, finishMemberRoleSync } from "../src/store/member-tier-role-lease.js";
import { queueMemberRating } from "../src/store/member-tier-roles.js";
import { countPendingMemberRoles } from "../src/store/member-tier-role-progress.js";
import { migrateToLatest } from "../src/store/migrate.js";
import { mapTierRole } from "../src/store/tier-roles.js";
import { recordTierSighting } from "../src/store/tiers.js";
import { createIngester } from "../src/webhooks/create-ingester.js";
import { eventStoredSubscribers } from "../src/bot/event-stored-subscribers.js";

const positional = process.argv.slice(2);
const changeCount = Number(positional[0] ?? 500);
const crossing = Number(positional[1] ?? 25);
const limit = Number(positional[2] ?? 10);
const windowMs = Number(positional[3] ?? 10_000);
const arrivalMs = 1000;
const targetRatio = 1.5;
const memberRoleRoute = "PUT /guilds/:guildId/members/:userId/roles/:roleId";

const folder = mkdtempSync(path.join(os.tmpdir(), "tier-roles-"));
const store = await createDb(`file:${path.join(folder, "bot.sqlite")}`);
const fake = await createFakeDiscord({ routeLimits: { [memberRoleRoute]: { limit, windowMs } } });
const rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
const box = createSecretBox(createKeyRing(generateKeySpec("bench")));
try {
  await migrateToLatest(store.db);
  const guild = fake.createGuild({ name: "Arena" });
  fake.roles.grantBot(guild.id, ["ManageRoles"]);
  const master = fake.roles.create(guild.id, { name: "Master", position: 1 });
  const diamond = fake.roles.create(guild.id, { name: "Diamond", position: 1 });
  const now = systemClock.now();
  const members = Array.from({ length: changeCount }, (_, index) => ({
    userId: fake.createMember(guild.id, { username: `player-${index}`, roleIds: [diamond.id] }).id,
    platformUserId: `usr_player_${index}`,
    crosses: index < crossing,
  }));

  // A server synced earlier: every member holds Diamond, and the bot knows it.
  await store.db.transaction().execute(async (trx) => {
    await recordTierSighting(trx, { tier: "diamond", rating: 1800, now });
    await recordTierSighting(trx, { tier: "master", rating: 2000, now });
    await saveRoleSyncMode(trx, { guildId: guild.id, mode: "map", now });
    await mapTierRole(trx, {
      guildId: guild.id,
      tier: "diamond",
      roleId: diamond.id,
      createdByBot: true,
      now,
    });
    await mapTierRole(trx, { guildId: guild.id, tier: "master", roleId: master.id, createdByBot: true, now });
    for (const member of members) {
      const key = { guildId: guild.id, userId: member.userId };
      await saveMemberLink(trx, box, {
        ...key,
        platformUserId: member.platformUserId,
        platformUsername: member.platformUserId,
        credentialKind: "api_key",
        credential: { accessToken: `key_${member.platformUserId}` },
        now,
      });
      await queueMemberRating(trx, {
        ...key,
        platformUserId: member.platformUserId,
        rating: 1850,
        tier: "diamond",
        ratedAt: now - 60_000,
        cause: "rating",
        now,
      });
    }
    for (const row of await claimDueMemberRoles(trx, {
      owner: "seed",
      now,
      leaseMs: 1000,
      limit: changeCount,
    })) {
      const done = { added: 0, removed: 0, syncedTier: "diamond", now };
      await finishMemberRoleSync(trx, { ...row, owner: "seed", version: row.version, ...done });
    }
  });

  const worker = createRoleWorker({
    db: store.db,
    rest,
    clock: systemClock,
    logger: createLogger({ level: "warn" }),
    applicationId: fake.applicationId,
    owner: "bench",
    readMemberTier: () => Promise.resolve(undefined),
  });
  worker.start();
  const ingest = createIngester({ db: store.db, clock: systemClock, subscribers: eventStoredSubscribers });
  fake.resetStats();

  const started = performance.now();
  const deliveries = members.map(async (member, index) => {
    await sleep((index * arrivalMs) / changeCount);
    const newRating = member.crosses ? 2005 : 1860;
    const body = JSON.stringify({
      id: `evt_rating_${index}`,
      event: "user.rating_changed",
      created: new Date(now + index).toISOString(),
      data: {
        user: { id: member.platformUserId, username: member.platformUserId },
        old_rating: 1850,
        new_rating: newRating,
        tier: newRating >= 2000 ? "master" : "diamond",
        previous_tier: "diamond",
      },
    });
    const result = await ingest({ rawBody: Buffer.from(body), source: { type: "operator" } });
    if ((result.rolesQueued ?? 0) > 0) worker.notify();
  });
  await Promise.all(deliveries);
  const arrived = performance.now();

  const isRight = (member: (typeof members)[number]): boolean => {
    const held = fake.roles.ofMember(guild.id, member.userId).map((role) => role.name);
    return held.join() === (member.crosses ? "Master" : "Diamond");
  };
  while (!members.every(isRight) || (await countPendingMemberRoles(store.db, guild.id)) > 0) await sleep(20);
  const seconds = (performance.now() - started) / 1000;
  await worker.drain();

  const roleChanges = 2 * crossing;
  const bestSeconds = (Math.floor(Math.max(0, roleChanges - 1) / limit) * windowMs) / 1000;
  const ratio = bestSeconds === 0 ? 1 : seconds / bestSeconds;
  const made = fake.roles.auditLog(guild.id).length;
  console.log(
    `tier-roles ${changeCount} rating changes in ${((arrived - started) / 1000).toFixed(2)} s, ${crossing} across a ` +
      `tier: every role right after ${seconds.toFixed(2)} s | best the route limits allow ${bestSeconds.toFixed(2)} s ` +
      `(${roleChanges} role changes at ${limit} per ${windowMs / 1000} s) | ratio ${ratio.toFixed(2)} ` +
      `(target ≤ ${targetRatio}) | changes made ${made} | 429s ${fake.stats.rateLimited}`,
  );
  if (!(ratio <= targetRatio) || made !== roleChanges) {
    console.log("tier-roles: a target was MISSED");
    process.exitCode = 1;
  }
} finally {
  rest.clearHashSweeper();
  rest.clearHandlerSweeper();
  await fake.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
}
