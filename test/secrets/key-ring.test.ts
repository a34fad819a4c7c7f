import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createKeyRing, generateKeySpec, KeyRingError } from "../../src/secrets/key-ring.js";

const key32 = randomBytes(32).toString("base64");

describe("createKeyRing", () => {
  it("encrypts with the first key and knows every key", () => {
    const ring = createKeyRing(`new:${key32}, old:${randomBytes(32).toString("base64url")}`);
    expect(ring.current.id).toBe("new");
    expect(ring.keyIds).toEqual(["new", "old"]);
    expect(ring.find("old")?.id).toBe("old");
    expect(ring.find("missing")).toBeUndefined();
  });

  it("accepts a generated spec", () => {
    expect(createKeyRing(generateKeySpec("k1")).current.id).toBe("k1");
  });

  it.each([
    ["an empty spec", "", /holds no keys/],
    ["an entry without a key id", key32, /expected "kid:base64key"/],
    ["a key id with forbidden characters", `bad id:${key32}`, /key id must be/],
    ["a key that is not base64", "k1:not base64!", /not base64/],
    ["a 16-byte key", `k1:${randomBytes(16).toString("base64")}`, /32 bytes, got 16/],
    ["a repeated key id", `k1:${key32},k1:${key32}`, /"k1" twice/],
  ])("rejects %s", (_, spec, message) => {
    expect(() => createKeyRing(spec)).toThrow(KeyRingError);
    expect(() => createKeyRing(spec)).toThrow(message);
  });

  it("never prints key material, even when the id and key are swapped", () => {
    const swapped = `${key32}:k1`;
    const short = randomBytes(16).toString("base64");
    for (const spec of [swapped, `k1:${short}`, `k1:${key32}x`]) {
      const error = captureError(() => createKeyRing(spec));
      expect(error.message).not.toContain(key32);
      expect(error.message).not.toContain(short);
    }
  });

  it("shows a key as an opaque key object when logged", () => {
    const ring = createKeyRing(`k1:${key32}`);
    expect(JSON.stringify(ring)).not.toContain(key32);
    expect(ring.current.key.export().toString("base64")).toBe(key32);
  });
});

function captureError(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error("expected an error");
}
