import type { RawFile } from "@discordjs/rest";
import type { APIInteractionResponse } from "discord-api-types/v10";

/** The HTTP answer that carries an interaction's first response. */
export interface InteractionAnswer {
  readonly contentType: string;
  readonly body: Buffer | APIInteractionResponse;
}

/**
 * JSON, or multipart/form-data with `payload_json` and `files[n]` when the response carries files: Discord
 * takes either as the answer to an interaction POST (docs: Uploading Files), as @discordjs/rest sends them.
 */
export async function encodeInteractionAnswer(
  response: APIInteractionResponse,
  files: readonly RawFile[],
): Promise<InteractionAnswer> {
  if (files.length === 0) return { contentType: "application/json; charset=utf-8", body: response };
  const form = new FormData();
  form.append("payload_json", JSON.stringify(response));
  files.forEach((file, index) => {
    const data = typeof file.data === "boolean" || typeof file.data === "number" ? `${file.data}` : file.data;
    const blob = new Blob([data], { type: file.contentType ?? "application/octet-stream" });
    form.append(file.key ?? `files[${index}]`, blob, file.name);
  });
  // The platform's own multipart encoder (it picks the boundary), so no extra package is needed.
  const encoded = new Response(form);
  return {
    contentType: encoded.headers.get("content-type") ?? "multipart/form-data",
    body: Buffer.from(await encoded.arrayBuffer()),
  };
}
