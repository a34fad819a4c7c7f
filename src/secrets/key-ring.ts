// The key ring behind secrets at rest (docs/architecture.md, "Linking"): `ENCRYPTION_KEYS="kid:base64key,…"`,
// the first key encrypts and every key decrypts, so a key is rotated by prepending a new one.
import { createSecretKey, randomBytes, type KeyObject } from "node:crypto";

export interface EncryptionKey {
  readonly id: string;
  /** A KeyObject rather than a Buffer, so logging it by mistake prints no key material. */
  readonly key: KeyObject;
}

export interface KeyRing {
  /** The key new ciphertexts are made with. */
  readonly current: EncryptionKey;
  readonly keyIds: readonly string[];
  find(keyId: string): EncryptionKey | undefined;
}

/** A malformed key spec. Messages name the entry and the problem, never the key material. */
export class KeyRingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KeyRingError";
  }
}

const keyIdPattern = /^[A-Za-z0-9_-]{1,32}$/;
const base64Pattern = /^(?:[A-Za-z0-9+/]+={0,2}|[A-Za-z0-9_-]+)$/;
const keyLength = 32;

export function isKeyId(value: string): boolean {
  return keyIdPattern.test(value);
}

/** Parses `kid:base64key,…`; `source` names where the spec came from in error messages. */
export function createKeyRing(spec: string, source = "ENCRYPTION_KEYS"): KeyRing {
  const entries = spec
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  if (entries.length === 0) throw new KeyRingError(`${source} holds no keys`);
  const keys = new Map<string, EncryptionKey>();
  entries.forEach((entry, index) => {
    const key = parseEntry(entry, `${source} entry ${index + 1}`);
    if (keys.has(key.id)) throw new KeyRingError(`${source} lists key id "${key.id}" twice`);
    keys.set(key.id, key);
  });
  const [current] = keys.values();
  if (current === undefined) throw new KeyRingError(`${source} holds no keys`);
  return { current, keyIds: [...keys.keys()], find: (keyId) => keys.get(keyId) };
}

function parseEntry(entry: string, where: string): EncryptionKey {
  const separator = entry.indexOf(":");
  if (separator === -1) throw new KeyRingError(`${where}: expected "kid:base64key"`);
  const id = entry.slice(0, separator).trim();
  const encoded = entry.slice(separator + 1).trim();
  // The id is not echoed when invalid: a swapped "key:kid" would otherwise print the key.
  if (!isKeyId(id)) throw new KeyRingError(`${where}: the key id must be 1-32 letters, digits, "_" or "-"`);
  if (!base64Pattern.test(encoded)) throw new KeyRingError(`${where} (kid "${id}"): the key is not base64`);
  const material = Buffer.from(
    encoded,
    encoded.includes("-") || encoded.includes("_") ? "base64url" : "base64",
  );
  if (material.length !== keyLength) {
    throw new KeyRingError(
      `${where} (kid "${id}"): the key must decode to ${keyLength} bytes, got ${material.length}`,
    );
  }
  return { id, key: createSecretKey(material) };
}

/** A fresh `kid:base64key` entry, e.g. for the development key file or an operator's rotation. */
export function generateKeySpec(keyId: string): string {
  if (!isKeyId(keyId)) throw new KeyRingError('a key id must be 1-32 letters, digits, "_" or "-"');
  return `${keyId}:${randomBytes(keyLength).toString("base64")}`;
}
