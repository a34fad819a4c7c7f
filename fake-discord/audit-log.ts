import type { SnowflakeGenerator } from "./snowflake.js";

/** The audit log events the fake records (docs: Resources, Audit Log — Audit Log Events). */
export const auditLogEvent = {
  memberRoleUpdate: 25,
  roleCreate: 30,
  roleUpdate: 31,
  roleDelete: 32,
} as const;

/** One change of an entry (docs: Audit Log Change Object); `$add`/`$remove` list the roles given or taken. */
export interface AuditLogChange {
  key: string;
  newValue?: unknown;
  oldValue?: unknown;
}

export interface AuditLogEntry {
  id: string;
  guildId: string;
  actionType: number;
  /** Who acted: the bot, for every entry its requests made. */
  userId: string;
  /** The role, or for a member role update the member. */
  targetId: string;
  /** The X-Audit-Log-Reason header, decoded; null when the request sent none. */
  reason: string | null;
  changes: readonly AuditLogChange[];
}

/** What the bot's role requests did, with the reasons it gave, for tests to read. */
export class AuditLog {
  private readonly entries: AuditLogEntry[] = [];

  constructor(private readonly nextId: SnowflakeGenerator) {}

  record(entry: Omit<AuditLogEntry, "id">): AuditLogEntry {
    const recorded = { id: this.nextId(), ...entry };
    this.entries.push(recorded);
    return recorded;
  }

  /** A guild's entries, oldest first. */
  inGuild(guildId: string): AuditLogEntry[] {
    return this.entries.filter((entry) => entry.guildId === guildId);
  }
}

/**
 * The reason a request gave: X-Audit-Log-Reason, URL-encoded by clients since it may hold any Unicode
 * (docs: Reference, HTTP API — Audit Log Reason). A header that does not decode is kept as sent.
 */
export function readAuditLogReason(header: string | string[] | undefined): string | null {
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined || raw === "") return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
