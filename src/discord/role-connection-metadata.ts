// The Linked Roles metadata records (Discord's docs: Resources, Application Role Connection Metadata): what a
// server admin can require of a member's connection in a role's Links requirement (docs/operations.md,
// "Linked Roles"). At most 5 records; keys are a-z, 0-9 and _, names 1–100 and descriptions 1–200 characters.
import { isDeepStrictEqual } from "node:util";
import type { REST } from "@discordjs/rest";
import {
  type APIApplicationRoleConnectionMetadata,
  ApplicationRoleConnectionMetadataType,
  Routes,
} from "discord-api-types/v10";

/** The keys a member's connection carries (src/linking/ writes them, as strings, Discord's docs say). */
export const roleConnectionKeys = {
  rating: "rating",
  battlesWon: "battles_won",
  tierRank: "tier_rank",
  memberSince: "member_since",
} as const;

export const roleConnectionMetadata: readonly APIApplicationRoleConnectionMetadata[] = [
  {
    type: ApplicationRoleConnectionMetadataType.IntegerGreaterThanOrEqual,
    key: roleConnectionKeys.rating,
    name: "Rating",
    description: "Platform rating of at least this much",
  },
  {
    type: ApplicationRoleConnectionMetadataType.IntegerGreaterThanOrEqual,
    key: roleConnectionKeys.battlesWon,
    name: "Battles won",
    description: "Won at least this many battles on the platform",
  },
  {
    type: ApplicationRoleConnectionMetadataType.IntegerGreaterThanOrEqual,
    key: roleConnectionKeys.tierRank,
    name: "Tier rank",
    description: "Tier at least this high, counting the platform's tiers from 1 (the lowest) upward",
  },
  {
    type: ApplicationRoleConnectionMetadataType.DatetimeGreaterThanOrEqual,
    key: roleConnectionKeys.memberSince,
    name: "Member since",
    description: "Platform member for at least this many days",
  },
];

export type MetadataResult =
  { readonly status: "unchanged" } | { readonly status: "updated"; readonly count: number };

const comparedKeys = ["type", "key", "name", "description"] as const;

function comparable(records: readonly APIApplicationRoleConnectionMetadata[]): unknown[] {
  return records
    .map((record) => Object.fromEntries(comparedKeys.map((key) => [key, record[key]])))
    .sort((left, right) => String(left.key).localeCompare(String(right.key)));
}

/** Registers the records unless Discord already has exactly these, as deployCommands does for commands. */
export async function registerRoleConnectionMetadata(
  rest: REST,
  applicationId: string,
  records: readonly APIApplicationRoleConnectionMetadata[] = roleConnectionMetadata,
): Promise<MetadataResult> {
  const route = Routes.applicationRoleConnectionMetadata(applicationId);
  const existing = (await rest.get(route)) as APIApplicationRoleConnectionMetadata[];
  if (isDeepStrictEqual(comparable(records), comparable(existing))) return { status: "unchanged" };
  await rest.put(route, { body: records });
  return { status: "updated", count: records.length };
}
