import type { UploadedFile } from "../messages/message-draft.js";

/** A parsed multipart body: the `payload_json` part and the `files[n]` parts (docs: Uploading Files). */
export class MultipartBody {
  constructor(
    readonly json: unknown,
    readonly files: readonly UploadedFile[],
  ) {}
}

const fileFieldPattern = /^files\[(\d+)\]$/;

/** Parses multipart/form-data with the platform's own Request.formData(), so no extra package is needed. */
export async function parseMultipart(contentType: string, raw: Buffer): Promise<MultipartBody> {
  const request = new Request("http://fake-discord.invalid/", {
    method: "POST",
    headers: { "content-type": contentType },
    body: raw,
  });
  // Deprecated for servers because it buffers the whole body; a test server taking 25 MiB at most can.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const form = await request.formData();
  let json: unknown = {};
  const files: UploadedFile[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") {
      if (name === "payload_json") json = JSON.parse(value) as unknown;
      continue;
    }
    const index = fileFieldPattern.exec(name)?.[1];
    files.push({
      index: index === undefined ? files.length : Number(index),
      filename: value.name,
      contentType: value.type === "" ? "application/octet-stream" : value.type,
      data: Buffer.from(await value.arrayBuffer()),
    });
  }
  return new MultipartBody(json, files);
}

/** The JSON part and files of a body, whichever way it was sent. */
export function readRequestBody(body: unknown): { json: unknown; files: readonly UploadedFile[] } {
  if (body instanceof MultipartBody) return { json: body.json, files: body.files };
  return { json: body ?? {}, files: [] };
}
