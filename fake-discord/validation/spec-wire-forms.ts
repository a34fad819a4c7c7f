import * as spec from "#discord-api-spec/zod";
import * as z from "zod/mini";

// Where Discord's OpenAPI spec and its documented wire form disagree, the fake follows the documentation.

/**
 * Permission bit sets travel as strings of digits (docs: Topics, Permissions — "Permissions in Discord
 * are stored in a variable-length integer serialized into a string"), while the spec types `permissions`
 * and `default_member_permissions` in request bodies as integers. Either is taken.
 */
const permissionBitSet = z.custom<string | number>(
  (value) =>
    (typeof value === "string" && /^\d{1,20}$/.test(value)) ||
    (typeof value === "number" && Number.isSafeInteger(value) && value >= 0),
  { params: { discordCode: "NUMBER_TYPE_COERCE" } },
);

/**
 * A new upload's attachment is named by the number of its `files[n]` part (docs: Reference, Uploading
 * Files — `"attachments": [{ "id": 0, … }]`), while the spec allows only a snowflake string as its id.
 */
const attachments = z.nullish(
  z
    .array(
      z.extend(spec.MessageAttachmentRequestSchema, { id: z.union([z.int(), spec.SnowflakeTypeSchema]) }),
    )
    .check(z.maxLength(10)),
);

export const withPermissionStrings = (schema: z.ZodMiniObject, key: string) =>
  z.extend(schema, { [key]: z.nullish(permissionBitSet) });

export const withUploadIds = (schema: z.ZodMiniObject) => z.extend(schema, { attachments });

/** An interaction callback whose `data` is a message (types 4–7), with the message's wire forms. */
export const withMessageData = (callback: z.ZodMiniObject, data: z.ZodMiniObject) =>
  z.extend(callback, { data: z.nullish(withUploadIds(data)) });
