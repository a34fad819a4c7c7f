// Building blocks of the settings schema (src/config.ts): values that may be unset, blank or lists.
import { z } from "zod";
import { AddressListError, parseAddressList } from "./address-list.js";

/** Trimmed; blank counts as unset, as the empty lines of `.env.example` mean. */
export const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/**
 * One of `values`, trimmed like every other setting (a trailing space, or the \r of an .env file saved with
 * Windows line endings, is no part of it); unset or blank is `fallback`.
 */
export function optionalChoice<const Values extends readonly [string, ...string[]]>(
  values: Values,
  fallback: Values[number],
) {
  return optionalString.pipe(z.enum(values).default(fallback));
}

// `abort`: a value that is no URL at all stops there, before a later check parses it (`new URL` would throw).
export const optionalUrl = optionalString.pipe(
  z
    .url({ protocol: /^https?$/, abort: true, error: "must be a full URL starting with http:// or https://" })
    .optional(),
);

export const listOf = (item: string) =>
  optionalString
    .transform((value) =>
      value === undefined
        ? []
        : value
            .split(",")
            .map((part) => part.trim())
            .filter((part) => part !== ""),
    )
    .describe(item);

/**
 * WEBHOOK_ALLOWED_IPS, TRUSTED_PROXIES: comma-separated addresses, CIDR ranges or names, each checked as the
 * settings are read, so a typo stops the start with the other problems rather than after the migrations.
 */
export const addressList = (setting: string) =>
  listOf("CIDR").superRefine((entries, context) => {
    try {
      parseAddressList(entries, setting);
    } catch (error) {
      if (!(error instanceof AddressListError)) throw error;
      // The problem list puts the variable's name first already.
      context.addIssue({ code: "custom", message: error.message.replace(`${setting}: `, "") });
    }
  });

/**
 * PUBLIC_URL: paths are appended to it (`/oauth/callback`, `/webhooks/platform/<id>`), so a query or fragment
 * would swallow them.
 */
export const publicUrl = optionalUrl.refine((value) => {
  if (value === undefined) return true;
  const url = new URL(value);
  return url.search === "" && url.hash === "" && !value.includes("?") && !value.includes("#");
}, "must be the bot's address with no query (?…) or fragment (#…): paths are appended to it");
