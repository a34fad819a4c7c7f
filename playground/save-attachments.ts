import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { StoredMessage } from "../fake-discord/index.js";

/** Writes the message's attachments (charts, exports) under `directory`; returns the paths, in order. */
export async function saveAttachments(message: StoredMessage, directory: string): Promise<string[]> {
  return Promise.all(
    message.attachments.map(async (attachment) => {
      const path = join(directory, `${message.id}-${attachment.filename.replace(/[^\w.-]/g, "_")}`);
      await writeFile(path, attachment.data);
      return path;
    }),
  );
}
