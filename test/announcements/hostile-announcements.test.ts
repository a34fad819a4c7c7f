// Every event kind rendered with hostile platform text in every text field it carries: whatever the
// platform sends, the announcement shows it as text (docs/architecture.md, "The rules the code keeps").
import { describe, it } from "vitest";
import { foldBattleCard } from "../../src/announcements/battle-card-state.js";
import { renderEvent } from "../../src/announcements/render-event.js";
import { renderBattleCard } from "../../src/cards/battle-card.js";
import { eventKinds } from "../../src/events/event-kinds.js";
import { expectInert, hostileTexts } from "../support/hostile-text.js";
import { createSandboxWorld, readEvent, type EventData } from "./support/events.js";

const notText = new Set(["object", "email", "period_start", "period_end"]);

/** `data` with every string the platform could have written replaced by `hostile`. */
function withHostileText(data: unknown, hostile: string): unknown {
  if (Array.isArray(data)) return data.map((item) => withHostileText(item, hostile));
  if (typeof data !== "object" || data === null) return data;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      typeof value === "string" && !notText.has(key) && !key.endsWith("_at")
        ? hostile
        : withHostileText(value, hostile),
    ]),
  );
}

describe("announcements show hostile platform text as text", () => {
  const world = createSandboxWorld();
  const cases = eventKinds.flatMap((kind) => hostileTexts.map((hostile) => [kind, hostile] as const));

  it.each(cases)("%s with %j", (kind, hostile) => {
    const data = withHostileText(world.data(kind), hostile) as EventData;
    expectInert(renderEvent(readEvent(kind, data), { mentions: new Map() }));
  });
});

describe("the battle card shows hostile platform text as text", () => {
  const world = createSandboxWorld();
  const battleKinds = ["battle.created", "battle.started", "battle.submission", "battle.completed"] as const;

  it.each(hostileTexts)("folded from battle events carrying %j", (hostile) => {
    const events = battleKinds.map((kind, index) =>
      readEvent(kind, withHostileText(world.data(kind), hostile) as EventData, {
        id: `evt_${String(index)}`,
      }),
    );
    const view = foldBattleCard({ battleId: hostile, createdBy: undefined, events }, { mentions: new Map() });
    expectInert(renderBattleCard(view));
  });
});
