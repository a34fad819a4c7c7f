import { describe, expect, it } from "vitest";
import { drawsInChartFont } from "../../src/charts/chart-fonts.js";

describe("drawsInChartFont", () => {
  it.each(["alice_01", "Zoë", "Ωmega", "Жанна", "Nguyễn Văn", "a → b € 5"])("draws %s", (text) => {
    expect(drawsInChartFont(text)).toBe(true);
  });

  it.each(["张伟", "さくら", "김민준", "🔥", "abc张"])("cannot draw %s", (text) => {
    expect(drawsInChartFont(text)).toBe(false);
  });
});
