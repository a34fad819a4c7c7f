import { pathsList } from "#discord-api-spec";
import * as spec from "#discord-api-spec/zod";
import * as z from "zod/mini";
import { DiscordHttpError } from "../discord-errors.js";
import { describeSpecIssues } from "./spec-issues.js";
import { withMessageData, withPermissionStrings, withUploadIds } from "./spec-wire-forms.js";

const commandCreate = () =>
  withPermissionStrings(spec.ApplicationCommandCreateRequestSchema, "default_member_permissions");
const commandOverwrite = () =>
  z.nullable(
    z.array(withPermissionStrings(spec.ApplicationCommandUpdateRequestSchema, "default_member_permissions")),
  );

/**
 * The request body of each route the fake serves that takes one, keyed as Discord's OpenAPI spec keys
 * its paths, and built on first use: the spec's schemas are large and most tests use a handful.
 */
const bodySchemas: Readonly<Record<string, () => z.ZodMiniType>> = {
  "PUT /applications/{application_id}/commands": commandOverwrite,
  "POST /applications/{application_id}/commands": commandCreate,
  "PUT /applications/{application_id}/guilds/{guild_id}/commands": commandOverwrite,
  "POST /applications/{application_id}/guilds/{guild_id}/commands": commandCreate,
  "POST /channels/{channel_id}/messages": () => withUploadIds(spec.MessageCreateRequestSchema),
  "PATCH /channels/{channel_id}/messages/{message_id}": () =>
    withUploadIds(spec.MessageEditRequestPartialSchema),
  "POST /channels/{channel_id}/messages/{message_id}/threads": () =>
    spec.CreateTextThreadWithMessageRequestSchema,
  "POST /channels/{channel_id}/threads": () => spec.CreateTextThreadWithoutMessageRequestSchema,
  // The fake modifies threads only: another channel's PATCH is refused by the route itself.
  "PATCH /channels/{channel_id}": () => spec.UpdateThreadRequestPartialSchema,
  "POST /guilds/{guild_id}/scheduled-events": () =>
    z.union([
      spec.ExternalScheduledEventCreateRequestSchema,
      spec.StageScheduledEventCreateRequestSchema,
      spec.VoiceScheduledEventCreateRequestSchema,
    ]),
  "PATCH /guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}": () =>
    z.union([
      spec.ExternalScheduledEventPatchRequestPartialSchema,
      spec.StageScheduledEventPatchRequestPartialSchema,
      spec.VoiceScheduledEventPatchRequestPartialSchema,
    ]),
  "PUT /applications/{application_id}/role-connections/metadata": () =>
    z.array(spec.ApplicationRoleConnectionsMetadataItemRequestSchema),
  "PUT /users/@me/applications/{application_id}/role-connection": () =>
    spec.UpdateApplicationUserRoleConnectionRequestSchema,
  "POST /guilds/{guild_id}/roles": () => withPermissionStrings(spec.CreateRoleRequestSchema, "permissions"),
  "PATCH /guilds/{guild_id}/roles": () => z.array(spec.UpdateRolePositionsRequestSchema),
  "PATCH /guilds/{guild_id}/roles/{role_id}": () =>
    withPermissionStrings(spec.UpdateRoleRequestPartialSchema, "permissions"),
  "POST /interactions/{interaction_id}/{interaction_token}/callback": () =>
    z.union([
      spec.PongInteractionCallbackRequestSchema,
      withMessageData(
        spec.CreateMessageInteractionCallbackRequestSchema,
        spec.IncomingWebhookInteractionRequestSchema,
      ),
      withMessageData(
        spec.UpdateMessageInteractionCallbackRequestSchema,
        spec.IncomingWebhookUpdateForInteractionCallbackRequestPartialSchema,
      ),
      spec.ApplicationCommandAutocompleteCallbackRequestSchema,
      spec.ModalInteractionCallbackRequestSchema,
      spec.LaunchActivityInteractionCallbackRequestSchema,
      spec.SocialLayerSKUPurchaseEligibilityInteractionCallbackRequestSchema,
    ]),
  "POST /webhooks/{webhook_id}/{webhook_token}": () =>
    z.union([
      withUploadIds(spec.IncomingWebhookRequestPartialSchema),
      withUploadIds(spec.IncomingWebhookUpdateRequestPartialSchema),
    ]),
  "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": () =>
    withUploadIds(spec.IncomingWebhookUpdateRequestPartialSchema),
};

/**
 * Discord documents its OAuth2 endpoints in the OAuth2 topic, not in the OpenAPI spec, and their bodies are
 * form-encoded as RFC 6749 has them: the fake serves them (rest/routes-oauth2.ts) with their own checks.
 */
export const oauth2Routes: readonly string[] = [
  "GET /oauth2/authorize",
  "POST /oauth2/authorize",
  "POST /oauth2/token",
  "POST /oauth2/token/revoke",
];

/** The route of an interaction's callback, which also arrives as the answer to an HTTP interaction. */
export const interactionCallbackRoute = "POST /interactions/:interactionId/:token/callback";

type Method = keyof typeof pathsList;

/** "/channels/:channelId/messages" and "/channels/{channel_id}/messages" both read "/channels/{}/messages". */
export function normalizeRoutePath(path: string): string {
  return path.replace(/:[A-Za-z_]+|\{[A-Za-z0-9_]+\}/g, "{}");
}

/** Whether Discord's OpenAPI spec has this route ("GET /users/:userId" in the fake's own form). */
export function isSpecRoute(method: string, path: string): boolean {
  const verb = method.toLowerCase();
  if (!isSpecMethod(verb)) return false;
  const wanted = normalizeRoutePath(path);
  return pathsList[verb].some((specPath) => normalizeRoutePath(specPath) === wanted);
}

function isSpecMethod(verb: string): verb is Method {
  return Object.hasOwn(pathsList, verb);
}

const schemasByRoute = new Map<string, () => z.ZodMiniType>(
  Object.entries(bodySchemas).map(([key, build]) => {
    const [method = "", path = ""] = key.split(" ");
    return [`${method} ${normalizeRoutePath(path)}`, build];
  }),
);
const builtSchemas = new Map<string, z.ZodMiniType>();

/**
 * Checks a request body against the spec's schema for its route ("POST /channels/:channelId/messages")
 * and throws Discord's 400 50035 Invalid Form Body naming each refused field. Routes without a body
 * schema pass; the hand-written checks in this folder cover what the spec cannot say.
 */
export function assertSpecBody(routeKey: string, body: unknown): void {
  const [method = "", path = ""] = routeKey.split(" ");
  const key = `${method} ${normalizeRoutePath(path)}`;
  let schema = builtSchemas.get(key);
  if (schema === undefined) {
    const build = schemasByRoute.get(key);
    if (build === undefined) return;
    schema = build();
    builtSchemas.set(key, schema);
  }
  const result = schema.safeParse(body, { reportInput: true });
  if (!result.success) {
    throw new DiscordHttpError("invalidFormBody", describeSpecIssues(result.error.issues));
  }
}

/** The routes that have a body schema, in the spec's form (for the test that each is a spec route). */
export const specBodyRoutes: readonly string[] = Object.keys(bodySchemas);
