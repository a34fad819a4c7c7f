// AES-256-GCM sealing of secrets at rest (docs/architecture.md, "Linking"). A ciphertext reads
// `v1.<kid>.<iv b64url>.<ciphertext+tag b64url>`; the associated data names the row and column it belongs
// to, so a ciphertext copied into another row fails to open.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { isKeyId, type KeyRing } from "./key-ring.js";

export interface SecretBox {
  /**
   * How every ciphertext sealed with the current key begins, so the store can find the ones sealed with an
   * older key without opening them (src/store/sealed-column.ts).
   */
  readonly currentKeyPrefix: string;
  seal(plaintext: string, associatedData: string): string;
  open(ciphertext: string, associatedData: string): string;
}

export type DecryptionFailure = "malformed" | "unknown_key" | "authentication_failed";

/** Raised when a ciphertext cannot be opened; it carries a reason and never any secret material. */
export class SecretDecryptionError extends Error {
  constructor(
    readonly reason: DecryptionFailure,
    message: string,
  ) {
    super(message);
    this.name = "SecretDecryptionError";
  }
}

const version = "v1";
const ivLength = 12;
const tagLength = 16;

export function createSecretBox(ring: KeyRing): SecretBox {
  return {
    currentKeyPrefix: `${version}.${ring.current.id}.`,
    seal(plaintext, associatedData) {
      requireAssociatedData(associatedData);
      const { id, key } = ring.current;
      const iv = randomBytes(ivLength);
      const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: tagLength });
      cipher.setAAD(bindHeader(id, associatedData));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return [version, id, iv.toString("base64url"), body.toString("base64url")].join(".");
    },
    open(ciphertext, associatedData) {
      requireAssociatedData(associatedData);
      const parts = ciphertext.split(".");
      const [tag, keyId, ivText, bodyText] = parts;
      if (parts.length !== 4 || tag !== version || keyId === undefined || !isKeyId(keyId)) {
        throw new SecretDecryptionError("malformed", "The stored secret is not in a known format");
      }
      const entry = ring.find(keyId);
      if (entry === undefined) {
        throw new SecretDecryptionError(
          "unknown_key",
          `The stored secret was encrypted with key "${keyId}", which is not in the key ring`,
        );
      }
      const iv = Buffer.from(ivText ?? "", "base64url");
      const body = Buffer.from(bodyText ?? "", "base64url");
      if (iv.length !== ivLength || body.length < tagLength) {
        throw new SecretDecryptionError("malformed", "The stored secret is not in a known format");
      }
      try {
        const decipher = createDecipheriv("aes-256-gcm", entry.key, iv, { authTagLength: tagLength });
        decipher.setAAD(bindHeader(keyId, associatedData));
        decipher.setAuthTag(body.subarray(body.length - tagLength));
        const plain = Buffer.concat([
          decipher.update(body.subarray(0, body.length - tagLength)),
          decipher.final(),
        ]);
        return plain.toString("utf8");
      } catch {
        // GCM gives one answer for a wrong key, tampering or another row's associated data.
        throw new SecretDecryptionError(
          "authentication_failed",
          "The stored secret failed authentication (tampered, or sealed for another row)",
        );
      }
    },
  };
}

/** The version and key id are authenticated too, so a header cannot be edited. */
function bindHeader(keyId: string, associatedData: string): Buffer {
  return Buffer.from(`${version}.${keyId}\n${associatedData}`, "utf8");
}

function requireAssociatedData(associatedData: string): void {
  if (associatedData === "") throw new TypeError("associated data naming the row is required");
}
