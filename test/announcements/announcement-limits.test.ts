// Every kind, fed hostile data (huge lists, long markdown-laden text, everyone linked or nobody), still
// renders a message Discord accepts, and pings only linked members the content names
// (docs/architecture.md, "Webhooks in").
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderEvent } from "../../src/announcements/render-event.js";
import { eventKinds, type EventKind } from "../../src/events/event-kinds.js";
import { createSandboxWorld, readEvent, type EventData } from "./support/events.js";
import { expectPingsExactly, expectWithinDiscordLimits, mentionedUsers } from "./support/message-checks.js";

/** Keys whose values identify or time something: kept readable so the receiver accepts the payload. */
const keptKeys = new Set(["object", "id", "battle_id", "winner", "winner_team_id", "tier", "previous_tier"]);

/** The most items a list inside a list's item grows to: 300 teams of 300 members each would be 90,000
 * names, which measures the machine rather than the limits (and took over 20 s on a loaded one). */
const nestedCount = 20;

/** The data with every list grown to `count` (distinct ids; a list inside a list's item to at most
 * `nestedCount`) and every free text replaced by `text`. */
function stress(value: unknown, text: string, count: number, key = ""): unknown {
  if (Array.isArray(value)) {
    const first: unknown = value[0] ?? (key === "members" ? "usr_member" : undefined);
    if (first === undefined) return value;
    const inner = Math.min(count, nestedCount);
    return Array.from({ length: count }, (_, index) => distinguish(stress(first, text, inner), index));
  }
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [name, stress(inner, text, count, name)]),
    );
  }
  if (typeof value !== "string" || keptKeys.has(key) || key.endsWith("_at") || key.endsWith("_id"))
    return value;
  return key === "language" ? value : text;
}

function distinguish(item: unknown, index: number): unknown {
  const suffix = `_${String(index)}`;
  if (typeof item === "string") return item + suffix;
  if (typeof item !== "object" || item === null) return item;
  const record = item as Record<string, unknown>;
  const renamed = { ...record };
  for (const name of ["user_id", "team_id"]) {
    if (typeof record[name] === "string") renamed[name] = `${record[name]}${suffix}`;
  }
  return renamed;
}

function idsIn(data: unknown): string[] {
  const text = JSON.stringify(data);
  return [...new Set([...text.matchAll(/"(usr_[^"]*)"/g)].map((match) => match[1] ?? ""))];
}

const hostileText = fc.oneof(
  fc.string({ maxLength: 400 }),
  fc.constantFrom("*bold*", "__u__", "`code`", "@everyone", "<@123456789012345678>", "x".repeat(2000), ""),
);

describe.each(eventKinds)("%s under hostile data", (kind: EventKind) => {
  const world = createSandboxWorld();
  const base: EventData = world.data(kind);

  it("fits Discord's limits and pings exactly the linked members it names", () => {
    fc.assert(
      fc.property(hostileText, fc.integer({ min: 0, max: 300 }), fc.boolean(), (text, count, linkAll) => {
        const data = stress(base, text, count) as EventData;
        const ids = idsIn(data);
        const mentions = new Map(
          ids
            .filter((_, index) => linkAll || index % 3 === 0)
            .map((id, index) => [id, String(1_200_000_000_000_000_000n + BigInt(index))]),
        );
        const body = renderEvent(readEvent(kind, data), { mentions });
        expectWithinDiscordLimits(body);
        const linked = new Set(mentions.values());
        const pinged = body.allowed_mentions?.users ?? [];
        expectPingsExactly(body, pinged);
        expect(pinged.every((id) => linked.has(id))).toBe(true);
        expect(mentionedUsers(body.content).length).toBeLessThanOrEqual(100);
      }),
      { numRuns: 15 },
    );
  });
});
