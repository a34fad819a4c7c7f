// A form closes when it is sent, and Discord cannot open another in answer to it: what a member typed into
// one would be lost with a bare error, so an error after a form comes back with the text attached, ready to
// paste into the form opened again (docs/architecture.md, "Commands").
import { describePlatformError } from "./describe-platform-error.js";
import type { Reply } from "./interaction-responder.js";
import { UserFacingError } from "./user-facing-error.js";

/** The text a form held, as the file given back with an error. */
export interface FormText {
  readonly name: string;
  readonly text: string;
  /** What to do with it, said after the error. */
  readonly note: string;
}

/**
 * `error` as the member would have read it (a platform error described as the dispatcher would), with
 * `form`'s text attached and its note after the message. An unexpected error is left to the dispatcher, and
 * a form that held no text changes nothing. The reply carries a file, which only an edit of a deferred reply
 * sends in either interactions mode: the handler defers before it throws this.
 */
export function withFormGivenBack(error: unknown, form: FormText, now: number): unknown {
  const known = error instanceof UserFacingError ? error : describePlatformError(error, now);
  if (known === undefined || form.text.trim() === "") return error;
  const message = `${known.reply?.content ?? known.message}\n${form.note}`;
  const reply: Omit<Reply, "ephemeral"> = {
    ...known.reply,
    content: message,
    ...formFile(form),
  };
  return new UserFacingError(known.code, message, reply, { cause: known.cause });
}

/** The file of a form's text; none when it held nothing. */
export function formFile(form: Omit<FormText, "note">): { readonly files: NonNullable<Reply["files"]> } {
  return { files: form.text === "" ? [] : [{ name: form.name, data: Buffer.from(form.text, "utf8") }] };
}
