// Discord's answers to a role change, as the cases tier roles treat differently (docs/architecture.md,
// "Tier roles"): the bot may not (pause and tell the admins), the role is gone (unmap), the member left (skip).
import { DiscordAPIError } from "@discordjs/rest";
import { RESTJSONErrorCodes } from "discord-api-types/v10";
import { classifyFailure } from "../outbox/classify-failure.js";

export type RoleFailure =
  /** 403 50013 (or 50001): no Manage Roles, or the role sits at or above the bot's highest role. */
  | { readonly kind: "missing-permissions"; readonly detail: string }
  /** 404 10011: a mapped role was deleted. */
  | { readonly kind: "unknown-role"; readonly detail: string }
  /** 404 10007: the member left the server. */
  | { readonly kind: "unknown-member"; readonly detail: string }
  | { readonly kind: "rate-limited"; readonly detail: string; readonly retryAfterMs: number }
  | { readonly kind: "unauthorized"; readonly detail: string }
  | { readonly kind: "transient"; readonly detail: string }
  | { readonly kind: "rejected"; readonly detail: string };

export function classifyRoleFailure(error: unknown): RoleFailure {
  if (error instanceof DiscordAPIError) {
    const detail = `${error.status} ${error.message} (${String(error.code)})`;
    switch (error.code) {
      case RESTJSONErrorCodes.UnknownRole:
        return { kind: "unknown-role", detail };
      case RESTJSONErrorCodes.UnknownMember:
      case RESTJSONErrorCodes.UnknownUser:
        return { kind: "unknown-member", detail };
      case RESTJSONErrorCodes.MissingPermissions:
      case RESTJSONErrorCodes.MissingAccess:
        return { kind: "missing-permissions", detail };
    }
  }
  const failure = classifyFailure(error, "post");
  switch (failure.kind) {
    case "rate-limited":
    case "unauthorized":
    case "transient":
      return failure;
    case "no-access":
      return { kind: "missing-permissions", detail: failure.detail };
    default:
      return { kind: "rejected", detail: failure.detail };
  }
}

/** 400 30005: the server has as many roles as Discord allows, so no role can be created until some go. */
export function isRoleLimitReached(error: unknown): boolean {
  return (
    error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.MaximumNumberOfGuildRolesReached
  );
}
