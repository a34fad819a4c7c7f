import { createHash } from "node:crypto";
import { profileFieldIds, type ProfileFieldId } from "./profile-fields.js";

/**
 * What each input of the /profile edit form held when it opened, carried in the form's custom id so the
 * submit sends only the fields the member changed (docs/platform-assumptions.md, "Profile fields"): `""` for
 * an input that opened empty, else a short hash of its text.
 */
export type OpenedProfileForm = Readonly<Record<ProfileFieldId, string>>;

const emptyMark = "0";
const hashPattern = /^[0-9a-f]{8}$/;

/** A short hash of an input's text; a collision only means a change is not sent, never a wrong value. */
export function fingerprintText(text: string): string {
  return text === "" ? "" : createHash("sha256").update(text).digest("hex").slice(0, 8);
}

/** The opened form as custom id parameters, one per field in the modal's order. */
export function writeOpenedForm(opened: OpenedProfileForm): string[] {
  return profileFieldIds.map((id) => (opened[id] === "" ? emptyMark : opened[id]));
}

/**
 * Reads the custom id parameters back. Anything else (a form opened before the bot filled it in, a forged id)
 * reads as a form that opened empty, so only the inputs filled in are sent.
 */
export function readOpenedForm(params: readonly string[]): OpenedProfileForm {
  const valid =
    params.length === profileFieldIds.length &&
    params.every((mark) => mark === emptyMark || hashPattern.test(mark));
  const entries = profileFieldIds.map((id, index) => {
    const mark = valid ? (params[index] ?? emptyMark) : emptyMark;
    return [id, mark === emptyMark ? "" : mark] as const;
  });
  return Object.fromEntries(entries) as Record<ProfileFieldId, string>;
}
