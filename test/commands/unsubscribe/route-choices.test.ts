import { describe, expect, it } from "vitest";
import { chooseRoutes, readChannelReference } from "../../../src/commands/unsubscribe/route-choices.js";
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

  it("falls back to ids when channel names could not be read", () => {
    expect(chooseRoutes([base], new Map(), "")[0]?.name).toMatch(/^#300000000000000001 — /);
  });
});

describe("readChannelReference", () => {
  it("reads an id, a mention or a channel name", () => {
    expect(readChannelReference("300000000000000001", new Map())).toBe("300000000000000001");
    expect(readChannelReference("<#300000000000000001>", new Map())).toBe("300000000000000001");
    expect(readChannelReference("#Battles", names)).toBe("300000000000000001");
    expect(readChannelReference("nowhere", names)).toBeUndefined();
  });
});
