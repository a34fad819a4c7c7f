import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifySignature } from "../../src/webhooks/verify-signature.js";

// GitHub's published HMAC-SHA256 test vector ("Validating webhook deliveries").
const vector = {
  secret: "It's a Secret to Everybody",
  payload: Buffer.from("Hello, World!", "utf8"),
  signature: "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
};
const hex = vector.signature.slice("sha256=".length);

function sign(body: Buffer, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

describe("verifySignature", () => {
  it("accepts GitHub's published test vector", () => {
    expect(verifySignature(vector.payload, vector.signature, [vector.secret])).toBe(true);
  });

  it("accepts the signature without the sha256= prefix", () => {
    expect(verifySignature(vector.payload, hex, [vector.secret])).toBe(true);
  });

  it("refuses uppercase hex, since the spec says the value is lowercase", () => {
    expect(verifySignature(vector.payload, `sha256=${hex.toUpperCase()}`, [vector.secret])).toBe(false);
    expect(verifySignature(vector.payload, hex.toUpperCase(), [vector.secret])).toBe(false);
  });

  it("refuses another prefix or a prefix with a different case", () => {
    expect(verifySignature(vector.payload, `SHA256=${hex}`, [vector.secret])).toBe(false);
    expect(verifySignature(vector.payload, `sha1=${hex}`, [vector.secret])).toBe(false);
  });

  it("refuses a missing header, an empty one and signatures of the wrong length", () => {
    expect(verifySignature(vector.payload, undefined, [vector.secret])).toBe(false);
    expect(verifySignature(vector.payload, "", [vector.secret])).toBe(false);
    expect(verifySignature(vector.payload, "sha256=", [vector.secret])).toBe(false);
    expect(verifySignature(vector.payload, hex.slice(0, 63), [vector.secret])).toBe(false);
    expect(verifySignature(vector.payload, `${hex}0`, [vector.secret])).toBe(false);
    expect(verifySignature(vector.payload, `${hex} `, [vector.secret])).toBe(false);
  });

  it("refuses a delivery whose signature was made with another secret", () => {
    const forged = sign(vector.payload, "a guess");
    expect(verifySignature(vector.payload, forged, [vector.secret])).toBe(false);
  });

  it("refuses a signature over another body", () => {
    expect(verifySignature(Buffer.from("Hello, World?"), vector.signature, [vector.secret])).toBe(false);
  });

  it("signs the raw bytes, so a re-encoded body no longer verifies", () => {
    const body = Buffer.from('{"name":"Zoë"}', "utf8");
    const signature = sign(body, "s3cret-value");
    expect(verifySignature(body, signature, ["s3cret-value"])).toBe(true);
    expect(verifySignature(Buffer.from('{"name":"Zo\\u00eb"}'), signature, ["s3cret-value"])).toBe(false);
  });

  it("accepts any of the given secrets: the current one and, during a rotation, the previous one", () => {
    const body = Buffer.from('{"event":"battle.completed"}');
    const signedWithOld = sign(body, "old-secret");
    const signedWithNew = sign(body, "new-secret");
    expect(verifySignature(body, signedWithOld, ["new-secret", "old-secret"])).toBe(true);
    expect(verifySignature(body, signedWithNew, ["new-secret", "old-secret"])).toBe(true);
    expect(verifySignature(body, signedWithOld, ["new-secret"])).toBe(false);
  });

  it("accepts nothing without a secret, and never an empty secret", () => {
    const body = Buffer.from("{}");
    expect(verifySignature(body, sign(body, ""), [])).toBe(false);
    expect(verifySignature(body, sign(body, ""), [""])).toBe(false);
  });
});
