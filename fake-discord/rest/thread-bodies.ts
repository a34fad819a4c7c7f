import { ChannelType } from "discord.js";
import type { ThreadChanges } from "../world/guild-threads.js";
import { isRecord } from "../validation/field-checks.js";
import { readEnumMember } from "./read-enum-member.js";

/**
 * The fields of Start Thread the fake acts on; their types and ranges are the OpenAPI check's to refuse, but
 * an empty name (assertNameGiven).
 */
export interface ThreadStartFields {
  name: string;
  type?: ChannelType;
  autoArchiveDuration?: number;
  rateLimitPerUser?: number;
}

export function readThreadStart(body: unknown): ThreadStartFields {
  const fields: ThreadStartFields = { name: "" };
  if (!isRecord(body)) return fields;
  if (typeof body.name === "string") fields.name = body.name;
  const type = readEnumMember(ChannelType, body.type);
  if (type !== undefined) fields.type = type;
  if (typeof body.auto_archive_duration === "number") fields.autoArchiveDuration = body.auto_archive_duration;
  if (typeof body.rate_limit_per_user === "number") fields.rateLimitPerUser = body.rate_limit_per_user;
  return fields;
}

/** The thread fields of a Modify Channel body; fields left out stay as they are. */
export function readThreadChanges(body: unknown): ThreadChanges {
  const changes: ThreadChanges = {};
  if (!isRecord(body)) return changes;
  if (typeof body.name === "string") changes.name = body.name;
  if (typeof body.archived === "boolean") changes.archived = body.archived;
  if (typeof body.locked === "boolean") changes.locked = body.locked;
  if (typeof body.auto_archive_duration === "number")
    changes.autoArchiveDuration = body.auto_archive_duration;
  if (typeof body.rate_limit_per_user === "number") changes.rateLimitPerUser = body.rate_limit_per_user;
  return changes;
}
