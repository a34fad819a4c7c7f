// Where a delivery arrived, which decides its secret, its inbox `source` and how far it may be routed
// (docs/architecture.md, "Webhooks in"): the operator webhook feeds every guild; a guild's own endpoint feeds
// that guild only, because that guild's admins know its secret and could sign anything with it.
import { operatorSource } from "../store/inbox.js";

export type EventSource =
  | { readonly type: "operator" }
  | { readonly type: "endpoint"; readonly endpointId: string; readonly guildId: string };

/** The inbox `source` column: "operator", or the endpoint id. */
export function inboxSourceOf(source: EventSource): string {
  return source.type === "operator" ? operatorSource : source.endpointId;
}

/** The one guild a delivery may reach, or undefined for all of them. */
export function routingGuildOf(source: EventSource): string | undefined {
  return source.type === "operator" ? undefined : source.guildId;
}
