// Rows a routing test starts from, written through the store's own functions.
import type { Kysely } from "kysely";
import type { EventKind } from "../../../src/events/event-kinds.js";
import type { SecretBox } from "../../../src/secrets/secret-box.js";
import { saveBattleCard } from "../../../src/store/battle-cards.js";
import type { Database } from "../../../src/store/database.js";
import { saveMemberLink } from "../../../src/store/member-links.js";
import { createSubscription, type SubscriptionFilters } from "../../../src/store/subscriptions.js";

export const guildA = "100000000000000001";
export const guildB = "100000000000000002";
export const guildC = "100000000000000003";
export const adminId = "200000000000000009";
export const seededAt = Date.UTC(2026, 10, 21);

/** A channel id unique to a guild and a number, readable in failures. */
export function channelOf(guildId: string, number: number): string {
  return `3${guildId.slice(-2)}00000000000000${String(number).padStart(2, "0")}`;
}

export async function subscribe(
  db: Kysely<Database>,
  input: {
    guildId: string;
    channelId: string;
    kinds: readonly EventKind[];
    filters?: SubscriptionFilters;
  },
): Promise<string> {
  const subscription = await createSubscription(db, {
    guildId: input.guildId,
    channelId: input.channelId,
    eventKinds: input.kinds,
    filters: input.filters ?? {},
    createdBy: adminId,
    now: seededAt,
  });
  return subscription.id;
}

export async function linkMember(
  db: Kysely<Database>,
  box: SecretBox,
  input: { guildId: string; userId: string; platformUserId: string },
): Promise<void> {
  await saveMemberLink(db, box, {
    ...input,
    platformUsername: input.platformUserId.replace(/^usr_/, ""),
    credentialKind: "api_key",
    credential: { accessToken: "key_for_tests_only" },
    now: seededAt,
  });
}

export async function postBattleCard(
  db: Kysely<Database>,
  input: { battleId: string; guildId: string; channelId: string; messageId: string },
): Promise<void> {
  await saveBattleCard(db, { ...input, createdBy: adminId, now: seededAt });
}
