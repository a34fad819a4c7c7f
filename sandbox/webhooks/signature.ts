import { createHmac } from "node:crypto";

/**
 * How `X-Service-Signature` is written: the platform's API reference (Signature) says the value "may be
 * prefixed with `sha256=`", so a receiver must take both. `prefixed` (the default) sends `sha256=<hex>`,
 * `bare` the hex alone (SANDBOX_SIGNATURE_FORM).
 */
export type SignatureForm = "prefixed" | "bare";

/** `X-Service-Signature`: lowercase hex HMAC-SHA256 of the payload text, keyed with the webhook secret. */
export function signPayload(payload: string, secret: string, form: SignatureForm = "prefixed"): string {
  const digest = createHmac("sha256", secret).update(payload, "utf8").digest("hex");
  return form === "prefixed" ? `sha256=${digest}` : digest;
}
