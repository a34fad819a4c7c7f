import { describe, expect, it } from "vitest";
import { chooseRoutes, resolveTypedChannel } from "../../../src/commands/unsubscribe/route-choices.js";
import type { Subscription } from "../../../src/store/subscriptions.js";

const base: Subscription = {
  id: "sub_1",
  guildId: "100000000000000001",
  channelId: "300000000000000001",
  eventKinds: ["battle.completed", "user.rating_changed"],
  filters: {},
  status: "active",
  statusReason: null,
  createdBy: "200000000000000001",
  createdAt: 0,
  updatedAt: 0,
};
const gone = { ...base, id: "sub_2", channelId: "300000000000000002", status: "disabled" as const };
const names = new Map([["300000000000000001", "battles"]]);

describe("chooseRoutes", () => {
  it("names each subscribed channel with what it receives; the value is the channel id", () => {
    expect(chooseRoutes([base, gone], names, "")).toEqual([
      { name: "#battles — Battle results, Rating changes", value: "300000000000000001" },
      { name: "#deleted-channel — Battle results, Rating changes (disabled)", value: "300000000000000002" },
    ]);
  });

  it("filters by what was typed, with or without #", () => {
    expect(chooseRoutes([base, gone], names, "#bat").map((choice) => choice.value)).toEqual([
      "300000000000000001",
    ]);
  });

  it("tells apart by their ids routed channels that share a name", () => {
    const twins = new Map([
      ["300000000000000001", "news"],
      ["300000000000000002", "news"],
    ]);
    expect(chooseRoutes([base, { ...gone, status: "active" }], twins, "news")).toEqual([
      { name: "#news (300000000000000001) — Battle results, Rating changes", value: "300000000000000001" },
      { name: "#news (300000000000000002) — Battle results, Rating changes", value: "300000000000000002" },
    ]);
  });

  it("falls back to ids when channel names could not be read", () => {
    expect(chooseRoutes([base], new Map(), "")[0]?.name).toMatch(/^#300000000000000001 — /);
  });
});

describe("resolveTypedChannel", () => {
  const [a, b, c] = ["300000000000000001", "300000000000000002", "300000000000000003"];
  const shared = new Map([
    [a, "news"],
    [b, "News"],
    [c, "battles"],
  ]);

  it("reads an id, a mention, or a name one channel has", () => {
    expect(resolveTypedChannel("300000000000000001", new Map(), new Set())).toBe("300000000000000001");
    expect(resolveTypedChannel("<#300000000000000001>", new Map(), new Set())).toBe("300000000000000001");
    expect(resolveTypedChannel("#Battles", names, new Set())).toBe("300000000000000001");
    expect(resolveTypedChannel("nowhere", names, new Set())).toBeUndefined();
    expect(resolveTypedChannel(`<#${b}>`, shared, new Set())).toBe(b);
    expect(resolveTypedChannel("#battles", shared, new Set())).toBe(c);
    expect(resolveTypedChannel("#nowhere", shared, new Set([a]))).toBeUndefined();
  });

  it("takes a shared name as the one channel of that name that has a route", () => {
    expect(resolveTypedChannel("#news", shared, new Set([b, c]))).toBe(b);
    expect(resolveTypedChannel("news", shared, new Set([a]))).toBe(a);
  });

  it("refuses a shared name when several of its channels have a route, naming them", () => {
    expect(() => resolveTypedChannel("#news", shared, new Set([a, b]))).toThrow(
      expect.objectContaining({
        code: "ambiguous_channel",
        message: `2 subscribed channels are named \`#news\`: <#${a}>, <#${b}>. Pick one from the list, or type its mention; nothing was changed.`,
      }),
    );
  });

  it("says none of the channels of a shared name has a route, rather than naming one of them", () => {
    expect(() => resolveTypedChannel("#news", shared, new Set([c]))).toThrow(
      expect.objectContaining({
        code: "not_subscribed",
        message:
          "None of the 2 channels named `#news` has a subscription. `/subscriptions` lists this server's routes.",
      }),
    );
  });
});
