import type { SnowflakeGenerator } from "../snowflake.js";
import type { StoredAttachment } from "./message-types.js";

/** Files the bot uploaded and files members attached to commands, served back like Discord's CDN. */
export class AttachmentStore {
  private readonly byId = new Map<string, StoredAttachment>();

  constructor(
    private readonly nextId: SnowflakeGenerator,
    /** The fake's base URL is only known once it listens. */
    private readonly baseUrl: () => string,
  ) {}

  save(
    channelId: string,
    file: { filename: string; contentType: string; data: Buffer },
    description: string | null,
  ): StoredAttachment {
    const id = this.nextId();
    const attachment: StoredAttachment = {
      id,
      filename: file.filename,
      description,
      contentType: file.contentType,
      data: file.data,
      url: `${this.baseUrl()}/attachments/${channelId}/${id}/${encodeURIComponent(file.filename)}`,
    };
    this.byId.set(id, attachment);
    return attachment;
  }

  get(attachmentId: string): StoredAttachment | undefined {
    return this.byId.get(attachmentId);
  }
}
