import { createKeyRing, generateKeySpec } from "../../src/secrets/key-ring.js";
import { createSecretBox, type SecretBox } from "../../src/secrets/secret-box.js";

/** A box with a fresh random key, as the bot builds from ENCRYPTION_KEYS. */
export function createTestSecretBox(): SecretBox {
  return createSecretBox(createKeyRing(generateKeySpec("test")));
}

/** A fixed instant for store tests: 2026-11-21T00:00:00Z. */
export const testNow = Date.UTC(2026, 10, 21);
