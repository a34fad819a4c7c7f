// The zod schemas of discord-api-spec the fake uses (see discord-api-spec.d.ts for why they are typed
// here): request bodies as Discord's OpenAPI spec describes them, built with zod/mini.
import type { ZodMiniObject, ZodMiniString } from "zod/mini";

type RequestBodySchema = ZodMiniObject;

export declare const ApplicationCommandCreateRequestSchema: RequestBodySchema;
export declare const ApplicationCommandUpdateRequestSchema: RequestBodySchema;
export declare const MessageCreateRequestSchema: RequestBodySchema;
export declare const MessageEditRequestPartialSchema: RequestBodySchema;
export declare const CreateRoleRequestSchema: RequestBodySchema;
export declare const UpdateRoleRequestPartialSchema: RequestBodySchema;
export declare const UpdateRolePositionsRequestSchema: RequestBodySchema;
export declare const PongInteractionCallbackRequestSchema: RequestBodySchema;
export declare const CreateMessageInteractionCallbackRequestSchema: RequestBodySchema;
export declare const UpdateMessageInteractionCallbackRequestSchema: RequestBodySchema;
export declare const ApplicationCommandAutocompleteCallbackRequestSchema: RequestBodySchema;
export declare const ModalInteractionCallbackRequestSchema: RequestBodySchema;
export declare const LaunchActivityInteractionCallbackRequestSchema: RequestBodySchema;
export declare const SocialLayerSKUPurchaseEligibilityInteractionCallbackRequestSchema: RequestBodySchema;
export declare const IncomingWebhookRequestPartialSchema: RequestBodySchema;
export declare const IncomingWebhookUpdateRequestPartialSchema: RequestBodySchema;
export declare const MessageAttachmentRequestSchema: RequestBodySchema;
export declare const IncomingWebhookInteractionRequestSchema: RequestBodySchema;
export declare const IncomingWebhookUpdateForInteractionCallbackRequestPartialSchema: RequestBodySchema;
export declare const CreateTextThreadWithMessageRequestSchema: RequestBodySchema;
export declare const CreateTextThreadWithoutMessageRequestSchema: RequestBodySchema;
export declare const UpdateThreadRequestPartialSchema: RequestBodySchema;
export declare const ExternalScheduledEventCreateRequestSchema: RequestBodySchema;
export declare const StageScheduledEventCreateRequestSchema: RequestBodySchema;
export declare const VoiceScheduledEventCreateRequestSchema: RequestBodySchema;
export declare const ExternalScheduledEventPatchRequestPartialSchema: RequestBodySchema;
export declare const StageScheduledEventPatchRequestPartialSchema: RequestBodySchema;
export declare const VoiceScheduledEventPatchRequestPartialSchema: RequestBodySchema;
export declare const ApplicationRoleConnectionsMetadataItemRequestSchema: RequestBodySchema;
export declare const UpdateApplicationUserRoleConnectionRequestSchema: RequestBodySchema;
export declare const SnowflakeTypeSchema: ZodMiniString;
