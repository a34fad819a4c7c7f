import { describe, expect, it } from "vitest";
import {
  AddressListError,
  isListed,
  parseAddressList,
  platformDeliveryRanges,
} from "../../src/config/address-list.js";
import { resolveClientAddress } from "../../src/webhooks/client-address.js";

describe("address lists", () => {
  it("reads `platform` as the four delivery ranges of the spec", () => {
    const list = parseAddressList(["platform"], "WEBHOOK_ALLOWED_IPS");
    expect(platformDeliveryRanges).toHaveLength(4);
    for (const address of [
      "185.199.108.1",
      "185.199.111.254",
      "192.30.252.9",
      "140.82.127.255",
      "143.55.64.1",
    ]) {
      expect(isListed(list, address)).toBe(true);
    }
    for (const address of ["185.199.112.1", "140.82.128.0", "127.0.0.1", "8.8.8.8", "::1"]) {
      expect(isListed(list, address)).toBe(false);
    }
  });

  it("matches IPv4-mapped IPv6 addresses, as a dual-stack socket reports them", () => {
    const list = parseAddressList(["140.82.112.0/20"], "WEBHOOK_ALLOWED_IPS");
    expect(isListed(list, "::ffff:140.82.112.5")).toBe(true);
  });

  it("reads single addresses, IPv6 ranges and the named ranges", () => {
    const list = parseAddressList(["10.1.2.3", "2001:db8::/32", "Loopback"], "TRUSTED_PROXIES");
    expect(isListed(list, "10.1.2.3")).toBe(true);
    expect(isListed(list, "10.1.2.4")).toBe(false);
    expect(isListed(list, "2001:db8::7")).toBe(true);
    expect(isListed(list, "127.8.8.8")).toBe(true);
    expect(isListed(list, "::1")).toBe(true);
  });

  it("never lists something that is not an address", () => {
    const list = parseAddressList(["0.0.0.0/0", "::/0"], "WEBHOOK_ALLOWED_IPS");
    expect(isListed(list, "140.82.112.5")).toBe(true);
    expect(isListed(list, "unknown")).toBe(false);
    expect(isListed(list, "")).toBe(false);
  });

  it.each([
    "140.82.112.0/33",
    "2001:db8::/129",
    "140.82.112.0/",
    "140.82/16",
    "example.com",
    "1.2.3.4/8/8",
    "1.2.3.4/-1",
  ])("refuses %s, naming the setting and the entry", (entry) => {
    expect(() => parseAddressList([entry], "WEBHOOK_ALLOWED_IPS")).toThrow(AddressListError);
    expect(() => parseAddressList([entry], "WEBHOOK_ALLOWED_IPS")).toThrow(`WEBHOOK_ALLOWED_IPS: "${entry}"`);
  });
});

describe("the client address", () => {
  const proxies = parseAddressList(["10.0.0.0/8"], "TRUSTED_PROXIES");

  it("is the socket's address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("10.0.0.5", "140.82.112.5", undefined)).toBe("10.0.0.5");
  });

  it("is the last hop before the trusted proxies", () => {
    expect(resolveClientAddress("10.0.0.5", "140.82.112.5", proxies)).toBe("140.82.112.5");
    expect(resolveClientAddress("10.0.0.5", "203.0.113.9, 140.82.112.5, 10.0.0.7", proxies)).toBe(
      "140.82.112.5",
    );
    expect(resolveClientAddress("10.0.0.5", ["203.0.113.9", "140.82.112.5"], proxies)).toBe("140.82.112.5");
  });

  it("ignores X-Forwarded-For from a socket that is not a trusted proxy", () => {
    expect(resolveClientAddress("203.0.113.9", "140.82.112.5", proxies)).toBe("203.0.113.9");
  });

  it("stops at an untrusted hop, so a client cannot prepend an allowed address", () => {
    expect(resolveClientAddress("10.0.0.5", "140.82.112.5, 203.0.113.9", proxies)).toBe("203.0.113.9");
  });

  it("is the farthest proxy when every hop is trusted, and the socket when the header is empty", () => {
    expect(resolveClientAddress("10.0.0.5", "10.0.0.6", proxies)).toBe("10.0.0.6");
    expect(resolveClientAddress("10.0.0.5", "", proxies)).toBe("10.0.0.5");
    expect(resolveClientAddress("10.0.0.5", undefined, proxies)).toBe("10.0.0.5");
  });

  it("keeps a garbage hop as the client, which no allowlist contains", () => {
    expect(resolveClientAddress("10.0.0.5", "not-an-ip", proxies)).toBe("not-an-ip");
  });
});
