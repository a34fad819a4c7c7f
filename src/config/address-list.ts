// WEBHOOK_ALLOWED_IPS and TRUSTED_PROXIES: comma-separated CIDR ranges or single addresses, plus a few
// names (docs/architecture.md, "Webhooks in" step 5). Matched with node:net BlockList, which also matches
// IPv4-mapped IPv6. Here with the settings, so a bad entry is listed with every other problem at start (README,
// "Settings"); the receiver builds its lists with the same parser.
import { BlockList, isIP } from "node:net";

/** the platform's API reference, Delivery and retries: "Deliveries originate from these address ranges". */
export const platformDeliveryRanges = [
  "185.199.108.0/22",
  "192.30.252.0/22",
  "140.82.112.0/20",
  "143.55.64.0/20",
] as const;

/** Names accepted in either list; `loopback`, `linklocal` and `uniquelocal` mean what they mean to Fastify. */
const namedRanges: Readonly<Record<string, readonly string[]>> = {
  platform: platformDeliveryRanges,
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

export class AddressListError extends Error {
  constructor(setting: string, entry: string) {
    super(
      `${setting}: "${entry}" is not an IP address, a CIDR range or one of ${Object.keys(namedRanges).join(", ")}`,
    );
    this.name = "AddressListError";
  }
}

/** The list as a BlockList (an empty list matches nothing). Throws AddressListError naming a bad entry. */
export function parseAddressList(entries: readonly string[], setting: string): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const ranges = namedRanges[entry.toLowerCase()] ?? [entry];
    for (const range of ranges) addRange(list, range, () => new AddressListError(setting, entry));
  }
  return list;
}

function addRange(list: BlockList, range: string, invalid: () => AddressListError): void {
  const [address = "", prefixText, ...rest] = range.trim().split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) throw invalid();
  const type = family === 4 ? "ipv4" : "ipv6";
  if (prefixText === undefined) {
    list.addAddress(address, type);
    return;
  }
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
  if (!(prefix >= 0 && prefix <= (family === 4 ? 32 : 128))) throw invalid();
  list.addSubnet(address, prefix, type);
}

/** Whether an address (as a socket or X-Forwarded-For reports it) is in the list; false for non-addresses. */
export function isListed(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
}
