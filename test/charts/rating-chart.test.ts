import { describe, expect, it } from "vitest";
import { renderRatingChart } from "../../src/charts/rating-chart.js";
import { buildRatingChartSvg } from "../../src/charts/rating-chart-svg.js";
import { countBrightPixels, decodePng, readPngHeader } from "./decode-png.js";

function makeHistory(count: number, start = Date.UTC(2025, 0, 1)): { date: string; rating: number }[] {
  return Array.from({ length: count }, (_, index) => ({
    date: new Date(start + index * 86_400_000).toISOString().slice(0, 10),
    rating: 1500 + Math.round(Math.sin(index / 4) * 80) + index * 3,
  }));
}

// Where the title (the username, or "Rating history" in its place) and the empty-state message are drawn at
// the default 800×400 size.
const titleArea = { x: 20, y: 18, width: 400, height: 34 };
const emptyMessageArea = { x: 250, y: 190, width: 300, height: 60 };
// Right of the room the title has beside the latest rating (28 + 552 logical units at 800 wide): the rating's
// side of the header, drawn in the tier's accent, never in the title's near-white.
const ratingSideArea = { x: 584, y: 14, width: 210, height: 44 };

describe("renderRatingChart", () => {
  it("returns an 800×400 PNG by default", async () => {
    const png = await renderRatingChart({ username: "alice", history: makeHistory(30), tier: "platinum" });
    expect(readPngHeader(png)).toMatchObject({ width: 800, height: 400 });
    expect(decodePng(png).pixels.length).toBe(800 * 400 * 4);
  });

  it("renders at the requested size and clamps absurd sizes", async () => {
    const large = await renderRatingChart({
      username: "a",
      history: makeHistory(5),
      width: 1200,
      height: 600,
    });
    expect(readPngHeader(large)).toMatchObject({ width: 1200, height: 600 });
    const tiny = await renderRatingChart({ username: "a", history: makeHistory(5), width: 10, height: 1e6 });
    expect(readPngHeader(tiny)).toMatchObject({ width: 400, height: 1200 });
  });

  it("draws the 'no rated battles' message with the shipped font when there is no history", async () => {
    const image = decodePng(await renderRatingChart({ username: "newbie", history: [] }));
    // With system fonts off, a font that failed to load draws nothing: this area would be background only.
    expect(countBrightPixels(image, emptyMessageArea)).toBeGreaterThan(300);
    expect(countBrightPixels(image, titleArea)).toBeGreaterThan(100);
  });

  it("draws the username: two usernames give different title pixels", async () => {
    const history = makeHistory(20);
    const alice = decodePng(await renderRatingChart({ username: "alice", history }));
    const bob = decodePng(await renderRatingChart({ username: "bob_the_builder", history }));
    const aliceTitle = countBrightPixels(alice, titleArea);
    expect(aliceTitle).toBeGreaterThan(100);
    expect(countBrightPixels(bob, titleArea)).not.toBe(aliceTitle);
  });

  it("renders the same image whatever order the history arrives in", async () => {
    const history = makeHistory(40);
    const sorted = await renderRatingChart({ username: "carol", history, tier: "gold" });
    const shuffled = [...history].reverse();
    [shuffled[3], shuffled[20]] = [shuffled[20]!, shuffled[3]!];
    expect(
      (await renderRatingChart({ username: "carol", history: shuffled, tier: "gold" })).equals(sorted),
    ).toBe(true);
  });

  it("plots ratings as large as a double holds at finite places (the platform's numbers are only finite)", () => {
    const svg = buildRatingChartSvg({
      username: "ada",
      history: [
        { date: "2025-01-01", rating: -Number.MAX_VALUE },
        { date: "2025-01-02", rating: Number.MAX_VALUE },
      ],
    });
    expect(svg).not.toMatch(/Infinity|NaN/);
  });

  it("skips undrawable entries, and shows the empty state when none are left", async () => {
    const empty = await renderRatingChart({ username: "dave", history: [] });
    const junk = [
      { date: "not a date", rating: 1500 },
      { date: "2025-01-02", rating: Number.NaN },
    ];
    expect((await renderRatingChart({ username: "dave", history: junk })).equals(empty)).toBe(true);
  });

  it.each([
    ["one point", [{ date: "2025-06-01", rating: 1200 }]],
    ["a flat history", makeHistory(25).map((entry) => ({ ...entry, rating: 1500 }))],
    ["hundreds of points over years", makeHistory(700, Date.UTC(2023, 0, 1))],
    ["several entries on one day", makeHistory(3).map((entry) => ({ ...entry, date: "2025-03-03" }))],
    [
      "negative and huge ratings",
      [
        { date: "2025-01-01", rating: -50 },
        { date: "2025-02-01", rating: 250_000 },
      ],
    ],
  ])("renders %s with a plotted line and readable title", async (_name, history) => {
    const image = decodePng(await renderRatingChart({ username: "erin", history, tier: "Grand Master" }));
    expect(image.width).toBe(800);
    expect(countBrightPixels(image, titleArea)).toBeGreaterThan(50);
  });

  it.each([
    ["wide capitals", "W".repeat(60)],
    ["capital Ms", "M".repeat(45)],
    ["Cyrillic", "Жук".repeat(14)],
    // A name with an emoji is not drawn at all (below), so the wide accented letters stand in for it here.
    ["accented wide letters", "ŴÑ".repeat(30)],
  ])("cuts a long name of %s before it reaches the latest rating", async (_name, username) => {
    const history = makeHistory(10);
    const short = decodePng(await renderRatingChart({ username: "a", history }));
    const long = decodePng(await renderRatingChart({ username, history }));
    expect(countBrightPixels(long, titleArea)).toBeGreaterThan(100);
    expect(countBrightPixels(long, ratingSideArea)).toBe(countBrightPixels(short, ratingSideArea));
  });

  it("draws a username and tier in the order they were typed, whatever bidi controls they hold", async () => {
    const history = makeHistory(5);
    const plain = await renderRatingChart({ username: "admingnp.exe", history, tier: "gold" });
    const spoofed = await renderRatingChart({
      username: "admin\u202egnp.exe\u202c\u200b",
      history,
      tier: "go\u2067ld\u2069",
    });
    expect(spoofed.equals(plain)).toBe(true);
  });

  it("leaves out a name the shipped font cannot draw instead of drawing empty boxes", async () => {
    const history = makeHistory(12);
    const [chinese, japanese, korean, emoji, latin] = await Promise.all(
      ["张伟abc", "さくら", "김민준", "🔥coder", "abc"].map((username) =>
        renderRatingChart({ username, history, tier: "gold" }),
      ),
    );
    // Each falls back to the same title; a name drawn in part (its Latin letters) or as boxes would differ.
    expect(japanese!.equals(chinese!)).toBe(true);
    expect(korean!.equals(chinese!)).toBe(true);
    expect(emoji!.equals(chinese!)).toBe(true);
    expect(countBrightPixels(decodePng(chinese!), titleArea)).toBeGreaterThan(100);
    // A name the font draws is still drawn.
    expect(latin!.equals(chinese!)).toBe(false);
  });

  it("leaves out a name the shipped font cannot draw on the empty chart too", async () => {
    const chinese = await renderRatingChart({ username: "张伟", history: [] });
    const japanese = await renderRatingChart({ username: "さくら", history: [] });
    expect(japanese.equals(chinese)).toBe(true);
    expect(countBrightPixels(decodePng(chinese), titleArea)).toBeGreaterThan(100);
  });

  it("draws a name written as letters and combining accents as the accented letters Inter has", async () => {
    const history = makeHistory(12);
    const composed = await renderRatingChart({ username: "Erdős", history });
    const decomposed = await renderRatingChart({ username: "Erdo\u030bs", history });
    expect(decomposed.equals(composed)).toBe(true);
  });

  it("leaves out a tier whose label, capitalised, the shipped font cannot draw", async () => {
    const history = makeHistory(12);
    // "ǆ" is in Inter, its capital "Ǆ" (how the label starts) is not.
    const undrawable = await renderRatingChart({ username: "alice", history, tier: "ǆungla" });
    const none = await renderRatingChart({ username: "alice", history });
    expect(undrawable.equals(none)).toBe(true);
  });

  it("leaves out a tier the shipped font cannot draw", async () => {
    const history = makeHistory(12);
    const undrawable = await renderRatingChart({ username: "alice", history, tier: "金牌" });
    const none = await renderRatingChart({ username: "alice", history });
    expect(undrawable.equals(none)).toBe(true);
  });

  it("renders usernames containing markup characters as text", async () => {
    const png = await renderRatingChart({ username: `<b>"tom" & 'jerry'</b>`, history: makeHistory(3) });
    expect(countBrightPixels(decodePng(png), titleArea)).toBeGreaterThan(100);
  });
});
