// The guilds, member and lease the tier role store tests share, with a member's link and a queued rating.
import type { Kysely } from "kysely";
import type { Database } from "../../../src/store/database.js";
import { saveMemberLink } from "../../../src/store/member-links.js";
import type { queueMemberRating } from "../../../src/store/member-tier-roles.js";
import { createTestSecretBox, testNow } from "../secret-box-fixture.js";

export const guildA = "100000000000000001";
export const guildB = "100000000000000002";
export const alice = "200000000000000001";
const box = createTestSecretBox();
export const lease = { owner: "worker-1", now: testNow, leaseMs: 30_000, limit: 10 };

export async function link(db: Kysely<Database>, guildId: string, userId: string, platformUserId: string) {
  await saveMemberLink(db, box, {
    guildId,
    userId,
    platformUserId,
    platformUsername: platformUserId,
    credentialKind: "api_key",
    credential: { accessToken: "key-123456789" },
    now: testNow,
  });
}

export const rating = (overrides: Partial<Parameters<typeof queueMemberRating>[1]> = {}) => ({
  guildId: guildA,
  userId: alice,
  platformUserId: "usr_alice",
  rating: 2105,
  tier: "Master" as string | undefined,
  ratedAt: testNow,
  cause: "rating" as const,
  now: testNow,
  ...overrides,
});
