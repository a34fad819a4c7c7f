import { describe, expect, it } from "vitest";
import { createKeyRing, generateKeySpec } from "../../src/secrets/key-ring.js";
import { createSecretBox, SecretDecryptionError } from "../../src/secrets/secret-box.js";

const rowA = "member_links:guild-1:user-1:credential";
const rowB = "member_links:guild-1:user-2:credential";

describe("createSecretBox", () => {
  const oldSpec = generateKeySpec("old");
  const box = createSecretBox(createKeyRing(oldSpec));

  it("opens what it sealed, with the same associated data", () => {
    const sealed = box.seal("tok_ünïcode-🔑", rowA);
    expect(sealed).toMatch(/^v1\.old\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("tok_");
    expect(box.open(sealed, rowA)).toBe("tok_ünïcode-🔑");
  });

  it("makes a different ciphertext each time for the same secret", () => {
    expect(box.seal("same", rowA)).not.toBe(box.seal("same", rowA));
  });

  it("still opens old ciphertexts after a new key is prepended, and seals with the new key", () => {
    const sealedBefore = box.seal("refresh-me", rowA);
    const rotated = createSecretBox(createKeyRing(`${generateKeySpec("new")},${oldSpec}`));
    expect(rotated.open(sealedBefore, rowA)).toBe("refresh-me");
    const sealedAfter = rotated.seal("refresh-me", rowA);
    expect(sealedAfter.startsWith("v1.new.")).toBe(true);
    expect(rotated.open(sealedAfter, rowA)).toBe("refresh-me");
  });

  it("tells how every ciphertext sealed with the current key begins", () => {
    const rotated = createSecretBox(createKeyRing(`${generateKeySpec("new")},${oldSpec}`));
    expect(rotated.currentKeyPrefix).toBe("v1.new.");
    expect(rotated.seal("secret", rowA).startsWith(rotated.currentKeyPrefix)).toBe(true);
    expect(box.seal("secret", rowA).startsWith(rotated.currentKeyPrefix)).toBe(false);
  });

  it("refuses a ciphertext moved to another row", () => {
    const sealed = box.seal("secret", rowA);
    expect(() => box.open(sealed, rowB)).toThrow(SecretDecryptionError);
  });

  it("refuses a tampered ciphertext without revealing anything", () => {
    const sealed = box.seal("secret-value", rowA);
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0] = body[0]! ^ 1;
    const tampered = [...parts.slice(0, 3), body.toString("base64url")].join(".");
    const error = captureDecryptionError(() => box.open(tampered, rowA));
    expect(error.reason).toBe("authentication_failed");
    expect(error.message).not.toContain("secret-value");
  });

  it("refuses a ciphertext whose key id was edited to another key", () => {
    const ring = createKeyRing(`${generateKeySpec("a")},${generateKeySpec("b")}`);
    const twoKeys = createSecretBox(ring);
    const edited = twoKeys.seal("secret", rowA).replace(/^v1\.a\./, "v1.b.");
    expect(() => twoKeys.open(edited, rowA)).toThrow(SecretDecryptionError);
  });

  it("names a key that is no longer in the ring", () => {
    const other = createSecretBox(createKeyRing(generateKeySpec("gone")));
    const error = captureDecryptionError(() => box.open(other.seal("secret", rowA), rowA));
    expect(error.reason).toBe("unknown_key");
    expect(error.message).toContain('"gone"');
  });

  it.each([
    "",
    "v1.old",
    "v2.old.aaaa.bbbb",
    "v1.old.!!.??",
    "v1.old.AAAA.AAAA",
    "v1.b@d.AAAAAAAAAAAAAAAA.AAAA",
  ])("reports %j as malformed", (text) => {
    const error = captureDecryptionError(() => box.open(text, rowA));
    expect(error.reason).toBe("malformed");
  });

  it("requires associated data", () => {
    expect(() => box.seal("secret", "")).toThrow(TypeError);
    expect(() => box.open(box.seal("secret", rowA), "")).toThrow(TypeError);
  });
});

function captureDecryptionError(run: () => unknown): SecretDecryptionError {
  try {
    run();
  } catch (error) {
    if (error instanceof SecretDecryptionError) return error;
    throw error;
  }
  throw new Error("expected a SecretDecryptionError");
}
