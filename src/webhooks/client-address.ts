// The address a delivery came from. X-Forwarded-For is believed only hop by hop from proxies listed in
// TRUSTED_PROXIES (docs/architecture.md, "Webhooks in" step 5), the rule Fastify's `trustProxy` (proxy-addr)
// applies: walk from the socket leftwards while the current hop is trusted. Without trusted proxies the
// header is ignored, since any client can write it.
import type { BlockList } from "node:net";
import { isListed } from "../config/address-list.js";

export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | readonly string[] | undefined,
  trustedProxies: BlockList | undefined,
): string | undefined {
  if (trustedProxies === undefined || socketAddress === undefined) return socketAddress;
  let client = socketAddress;
  const header = typeof forwardedFor === "string" ? forwardedFor : (forwardedFor ?? []).join(",");
  const hops = header
    .split(",")
    .map((hop) => hop.trim())
    .filter((hop) => hop !== "");
  for (const hop of hops.reverse()) {
    if (!isListed(trustedProxies, client)) break;
    client = hop;
  }
  return client;
}
