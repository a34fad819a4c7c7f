import type { APIAllowedMentions, APIEmbed } from "discord.js";
import { isRecord } from "../validation/field-checks.js";

/** A message body after validation: the fields of Create/Edit Message the fake acts on. */
export interface MessageDraft {
  content?: string | null;
  embeds?: APIEmbed[] | null;
  components?: unknown[] | null;
  allowedMentions?: APIAllowedMentions | null;
  flags?: number | null;
  nonce?: string | number | null;
  enforceNonce?: boolean;
  tts?: boolean;
  /** Attachment entries: ids of kept attachments, or the index of an uploaded file (docs: Uploading Files). */
  attachments?: { id: string; filename?: string; description?: string }[] | null;
  /** Create Message only: stickers and a poll, which no edit changes. */
  stickerIds?: string[];
  hasPoll?: boolean;
}

/** A file part of a multipart body, `files[n]`. */
export interface UploadedFile {
  index: number;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** Reads a validated JSON body into a draft; fields that were not sent stay undefined (edits keep them). */
export function readMessageDraft(body: unknown): MessageDraft {
  if (!isRecord(body)) return {};
  const draft: MessageDraft = {};
  if ("content" in body) draft.content = typeof body.content === "string" ? body.content : null;
  if ("embeds" in body) draft.embeds = Array.isArray(body.embeds) ? (body.embeds as APIEmbed[]) : null;
  if ("components" in body) draft.components = Array.isArray(body.components) ? body.components : null;
  if ("allowed_mentions" in body)
    draft.allowedMentions = isRecord(body.allowed_mentions) ? body.allowed_mentions : null;
  if (typeof body.flags === "number") draft.flags = body.flags;
  if (typeof body.nonce === "string" || typeof body.nonce === "number") draft.nonce = body.nonce;
  if (body.enforce_nonce === true) draft.enforceNonce = true;
  if (body.tts === true) draft.tts = true;
  if (Array.isArray(body.sticker_ids)) draft.stickerIds = body.sticker_ids.map(String);
  if (isRecord(body.poll)) draft.hasPoll = true;
  if ("attachments" in body)
    draft.attachments = Array.isArray(body.attachments)
      ? body.attachments.filter(isRecord).map(readAttachmentEntry)
      : null;
  return draft;
}

function readAttachmentEntry(entry: Record<string, unknown>): {
  id: string;
  filename?: string;
  description?: string;
} {
  const result: { id: string; filename?: string; description?: string } = { id: String(entry.id) };
  if (typeof entry.filename === "string") result.filename = entry.filename;
  if (typeof entry.description === "string") result.description = entry.description;
  return result;
}
