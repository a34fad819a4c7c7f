import type { APIAttachment } from "discord-api-types/v10";
import { UserFacingError } from "../../discord/user-facing-error.js";

/** The largest solution file read from Discord; bigger ones are refused before download. */
export const maxCodeBytes = 64 * 1024;

function tooLarge(filename: string): UserFacingError {
  return new UserFacingError(
    "file_too_large",
    `\`${filename}\` is larger than ${maxCodeBytes / 1024} KiB. Submit a smaller file, or paste the code in the form.`,
  );
}

async function readCapped(body: ReadableStream<Uint8Array>, filename: string): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    // The declared size can be wrong; the cap holds for what actually arrives.
    if (size > maxCodeBytes) throw tooLarge(filename);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Downloads an attached solution from Discord's CDN as UTF-8 text, at most `maxCodeBytes`. */
export async function readCodeAttachment(attachment: APIAttachment, timeoutMs: number): Promise<string> {
  const { filename } = attachment;
  if (attachment.size > maxCodeBytes) throw tooLarge(filename);
  const unreadable = new UserFacingError(
    "attachment_unreadable",
    `Could not download \`${filename}\` from Discord. Please attach it again.`,
  );
  const response = await fetch(attachment.url, { signal: AbortSignal.timeout(timeoutMs) }).catch(() => {
    throw unreadable;
  });
  if (!response.ok || response.body === null) throw unreadable;
  const bytes = await readCapped(response.body, filename);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new UserFacingError("attachment_not_text", `\`${filename}\` is not a UTF-8 text file.`);
  }
}
