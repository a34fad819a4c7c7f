// The tables of what comes in: webhook endpoints and their secrets, the inbox, interaction ids, removals
// (docs/architecture.md, "Webhooks in"). Part of
// database.ts's schema, which re-exports them.
import type { Immutable, Millis } from "./column-types.js";

/** A platform webhook registered by a server admin, received at /webhooks/platform/<id> (docs/architecture.md, "Webhooks in"). */
export interface WebhookEndpointsTable {
  /** Random url-safe id used in the URL. */
  id: Immutable<string>;
  guild_id: Immutable<string>;
  /** The platform's id for the registration, once registered. */
  platform_webhook_id: string | null;
  /** Sealed signing secret. */
  secret: string;
  /** JSON array of the event kinds registered with the platform. */
  event_kinds: string;
  created_at: Immutable<Millis>;
  updated_at: Millis;
}

/**
 * A server whose platform webhook `/setup webhook register` or `rotate-secret` is changing now
 * (webhook-change-leases.ts): one run at a time, until it ends or its lease does.
 */
export interface WebhookChangeLeasesTable {
  guild_id: Immutable<string>;
  /** Which run holds it: a random id of its own. */
  lease_owner: string;
  lease_expires_at: Millis;
  /** When the run holding it began (the bot's clock), to tell the admin whose run waits. */
  started_at: Millis;
}

/**
 * A secret a rotation replaced, still accepted for a while after retired_at so the platform's retries verify
 * (docs/architecture.md, "Webhooks in" step 1); an endpoint keeps its newest few only
 * (webhook-retired-secrets.ts), and they are deleted with it.
 */
export interface WebhookRetiredSecretsTable {
  id: Immutable<string>;
  endpoint_id: Immutable<string>;
  /**
   * Sealed with the associated data `webhook_endpoints:<endpoint_id>:previous_secret`; only re-sealing
   * rewrites it, with the same value (sealed-column.ts).
   */
  secret: Immutable<string>;
  retired_at: Immutable<Millis>;
}

/**
 * A PLATFORM_WEBHOOK_SECRET the bot ran with (docs/architecture.md, "Webhooks in" step 1): the current one has
 * no retired_at; one a restart with another secret replaced is accepted for an hour after retired_at.
 */
export interface OperatorWebhookSecretsTable {
  id: Immutable<string>;
  /**
   * Sealed with the associated data `operator_webhook_secrets:<id>:secret`; only re-sealing rewrites it, with
   * the same value (sealed-column.ts).
   */
  secret: Immutable<string>;
  retired_at: Millis | null;
  created_at: Immutable<Millis>;
}

/**
 * An interaction id POST /interactions has taken, kept while a replay of its signed request could still be
 * fresh (docs/architecture.md, "Commands" step 1); the primary key lets one instance alone take it.
 */
export interface SeenInteractionsTable {
  id: Immutable<string>;
  seen_at: Immutable<Millis>;
}

/** Empty between probes: the write the store makes to learn it can write again (write-probe.ts). */
export interface WriteProbeTable {
  probed_at: Millis;
  filler: string;
}

/**
 * A server the bot was removed from (a GUILD_DELETE without `unavailable`), until it is added back or its data
 * is purged (docs/architecture.md, "When the bot leaves a server").
 */
export interface GuildRemovalsTable {
  guild_id: Immutable<string>;
  /** The first removal seen; a repeated GUILD_DELETE does not move it, so the grace period is not extended. */
  removed_at: Immutable<Millis>;
}

/**
 * Every verified delivery, keyed by (source, event_id) for deduplication
 * (docs/architecture.md, "Webhooks in"): by source too, so an event id signed first by a guild's endpoint
 * cannot shadow the operator's copy.
 */
export interface InboxEventsTable {
  /** "operator" for the operator webhook, else the webhook endpoint id. */
  source: Immutable<string>;
  event_id: Immutable<string>;
  /** The kind as received (unknown kinds are stored and ignored). */
  kind: Immutable<string>;
  status: "accepted" | "ignored" | "dead";
  /**
   * The normalised event as JSON; for a dead row, what src/webhooks/kept-body.ts keeps of the body, and for an
   * ignored one over its size, the event's envelope with that in place of the data.
   */
  payload: Immutable<string>;
  /** Why it was dead-lettered. */
  error: string | null;
  received_at: Immutable<Millis>;
}
