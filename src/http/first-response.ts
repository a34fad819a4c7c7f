import type { RawFile } from "@discordjs/rest";
import type { APIInteractionResponse } from "discord-api-types/v10";
import type { ServerResponse } from "node:http";
import type { InitialResponseSender } from "../discord/interaction-responder.js";

export interface FirstResponse {
  readonly response: APIInteractionResponse;
  readonly files: readonly RawFile[];
}

export interface FirstResponseCapture {
  /** Resolves with the handler's first response, the moment the responder sends it. */
  readonly first: Promise<FirstResponse>;
  /** Given to the dispatcher in place of the REST callback. */
  readonly sendInitial: InitialResponseSender;
}

/**
 * Hands the first response to the HTTP answer instead of the REST callback. The sender resolves once the answer
 * is written, so an edit or follow-up the handler sends next reaches Discord after the response it builds on;
 * it rejects when the connection went away first (Discord stopped waiting after its 3 s). It resolves one turn
 * of the event loop later (setImmediate, after the I/O already waiting): interactions arrive in bursts, and the
 * others that came with this one are answered before this handler's work (queries, rendering, REST) goes on.
 */
export function captureFirstResponse(raw: ServerResponse): FirstResponseCapture {
  const written = new Promise<void>((resolve, reject) => {
    raw.once("finish", resolve);
    raw.once("close", () => {
      if (!raw.writableFinished)
        reject(new Error("the connection closed before the interaction was answered"));
    });
  });
  // Observed here so a handler that never answers does not leave an unhandled rejection behind.
  written.catch(() => undefined);
  let answer: ((first: FirstResponse) => void) | undefined;
  const first = new Promise<FirstResponse>((resolve) => {
    answer = resolve;
  });
  let sent = false;
  return {
    first,
    async sendInitial(response, files) {
      // The responder sends one first response; a second one would be lost without anyone noticing.
      if (sent) throw new Error("the interaction was already answered");
      sent = true;
      answer?.({ response, files });
      await written;
      await new Promise((resolve) => {
        setImmediate(resolve);
      });
    },
  };
}
