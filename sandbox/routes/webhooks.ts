// Webhook management (the platform's API reference, Endpoints › Webhooks), under /api/v1 as the webhook
// reference writes its paths and under /v1 as the general reference does (`{base_url}/webhooks`): both serve
// the same webhooks. The spec shows only
// the registration fields; the answers here are the sandbox's assumption: `{ id, url, events, active,
// description?, created_at }`, never the secret. GET list, GET/PATCH/DELETE by id are sandbox extras; PATCH
// can be switched off (`state.webhookPatch`) to answer 404 or 405 like a platform without it.
// A webhook belongs to the user whose credential registered it; others get 404 for it. Registration and
// PATCH also take `payload_format` (`standard` | `legacy`), a sandbox extra choosing the payload form.
import { z } from "zod";
import { canonicalEventKind } from "../webhooks/event-kinds.js";
import { toIso } from "../clock.js";
import { notFound, SandboxError } from "../errors.js";
import { newId } from "../ids.js";
import type { SandboxState, Webhook, WebhookPatchSupport } from "../state.js";
import { defineRoute } from "./define.js";
import { idParams } from "./schemas.js";

/** The two paths of one webhook-management route: `/api/v1<suffix>` and `/v1<suffix>`. */
export function webhookPaths(suffix: string): readonly string[] {
  return [`/api/v1${suffix}`, `/v1${suffix}`];
}

export const webhookView = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  description: z.string().optional(),
  created_at: z.string(),
});

const eventList = z
  .array(z.string().refine((kind) => canonicalEventKind(kind) !== undefined, "unknown event kind"))
  .min(1);
const secret = z.string().min(8).max(256);
const url = z.url({ protocol: /^https?$/ });
/** Sandbox extra: which payload form this webhook receives (see webhooks/legacy-payload.ts). */
const payloadFormat = z.enum(["standard", "legacy"]);

export function renderWebhook(webhook: Webhook): z.infer<typeof webhookView> {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    active: webhook.active,
    ...(webhook.description === undefined ? {} : { description: webhook.description }),
    created_at: toIso(webhook.createdAt),
  };
}

export function requireOwnWebhook(state: SandboxState, webhookId: string, userId: string): Webhook {
  const webhook = state.webhooks.get(webhookId);
  if (webhook?.ownerId !== userId) throw notFound("Webhook", webhookId);
  return webhook;
}

const create = defineRoute({
  method: "POST",
  url: webhookPaths("/webhooks"),
  level: "write",
  status: 201,
  body: z.object({
    url,
    events: eventList,
    secret,
    active: z.boolean().default(true),
    description: z.string().max(500).optional(),
    payload_format: payloadFormat.default("standard"),
  }),
  response: webhookView,
  handle: (deps, { body, user }) => {
    const webhook: Webhook = {
      id: newId("wh"),
      ownerId: user.id,
      url: body.url,
      events: [...new Set(body.events)],
      secret: body.secret,
      active: body.active,
      description: body.description,
      createdAt: deps.clock.now(),
      payloadFormat: body.payload_format,
    };
    deps.state.webhooks.set(webhook.id, webhook);
    return renderWebhook(webhook);
  },
});

const list = defineRoute({
  method: "GET",
  url: webhookPaths("/webhooks"),
  level: "read",
  response: z.object({ webhooks: z.array(webhookView) }),
  handle: (deps, { user }) => ({
    webhooks: [...deps.state.webhooks.values()]
      .filter((webhook) => webhook.ownerId === user.id)
      .map(renderWebhook),
  }),
});

const read = defineRoute({
  method: "GET",
  url: webhookPaths("/webhooks/:id"),
  level: "read",
  params: idParams,
  response: webhookView,
  handle: (deps, { params, user }) => renderWebhook(requireOwnWebhook(deps.state, params.id, user.id)),
});

/** What a platform without PATCH on this path answers: its unknown-route 404, or 405 naming what it allows. */
function refusePatch(support: Exclude<WebhookPatchSupport, "supported">, path: string): SandboxError {
  return support === "404"
    ? new SandboxError(404, "NOT_FOUND", `no route PATCH ${path}`)
    : new SandboxError(405, "METHOD_NOT_ALLOWED", `PATCH is not allowed on ${path}`, undefined, {
        allow: "GET, DELETE",
      });
}

/** Rotating the secret is a PATCH with a new `secret`; deliveries are signed with the current one. */
const update = defineRoute({
  method: "PATCH",
  url: webhookPaths("/webhooks/:id"),
  level: "write",
  params: idParams,
  body: z.object({
    url: url.optional(),
    events: eventList.optional(),
    secret: secret.optional(),
    active: z.boolean().optional(),
    description: z.string().max(500).optional(),
    payload_format: payloadFormat.optional(),
  }),
  response: webhookView,
  handle: (deps, { params, body, user, path }) => {
    const support = deps.state.webhookPatch;
    if (support !== "supported") throw refusePatch(support, path);
    const webhook = requireOwnWebhook(deps.state, params.id, user.id);
    if (body.url !== undefined) webhook.url = body.url;
    if (body.events !== undefined) webhook.events = [...new Set(body.events)];
    if (body.secret !== undefined) webhook.secret = body.secret;
    if (body.active !== undefined) webhook.active = body.active;
    if (body.description !== undefined) webhook.description = body.description;
    if (body.payload_format !== undefined) webhook.payloadFormat = body.payload_format;
    return renderWebhook(webhook);
  },
});

const remove = defineRoute({
  method: "DELETE",
  url: webhookPaths("/webhooks/:id"),
  level: "write",
  status: 204,
  params: idParams,
  response: z.undefined(),
  handle: (deps, { params, user }) => {
    const webhook = requireOwnWebhook(deps.state, params.id, user.id);
    deps.state.webhooks.delete(webhook.id);
    for (const delivery of deps.state.deliveries.values()) {
      if (delivery.webhookId === webhook.id) delivery.nextAttemptAt = null;
    }
  },
});

export const webhookRoutes = [create, list, read, update, remove];
