// ENCRYPTION_KEYS (README.md, "Settings"): read with the key ring's own parser as the settings are checked, so a
// malformed list is reported with every other problem, by entry and never by its key, before anything starts.
import { createKeyRing, KeyRingError } from "../secrets/key-ring.js";
import { optionalString } from "./setting-parsers.js";

export const encryptionKeys = optionalString.superRefine((value, context) => {
  if (value === undefined) return;
  try {
    createKeyRing(value);
  } catch (error) {
    if (!(error instanceof KeyRingError)) throw error;
    // "ENCRYPTION_KEYS entry 1: …" reads "entry 1: …" after the variable's name the problem list puts first.
    context.addIssue({ code: "custom", message: error.message.replace(/^ENCRYPTION_KEYS /, "") });
  }
});
