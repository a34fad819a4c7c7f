import { describe, expect, it } from "vitest";
import { drawsInChartFont } from "../../src/charts/chart-fonts.js";

describe("drawsInChartFont", () => {
  it.each([
    ["Latin", "alice_01"],
    ["accented Latin", "Zoë Nguyễn Văn"],
    ["Greek", "Ωmega"],
    ["Cyrillic", "Жанна"],
    ["symbols", "a → b € 5"],
    ["the first and last characters of the first range", " ~"],
    ["the last character of the last range, beyond UTF-16's first plane", "\u{1f852}"],
    ["a letter beyond UTF-16's first plane", "\u{1f130}"],
    ["a base letter and a combining accent Inter has", "Erdo\u0308s"],
    ["characters drawn as nothing", "ab\u00adc\u200d\ufe0f"],
    ["a tab", "a\tb"],
  ])("draws %s", (_name, text) => {
    expect(drawsInChartFont(text)).toBe(true);
  });

  it.each([
    ["Chinese", "张伟"],
    ["Japanese", "さくら"],
    ["Korean", "김민준"],
    ["Arabic", "علي"],
    ["an emoji", "🔥"],
    ["one undrawable character among drawable ones", "abc张"],
    ["a control character just past the first range", "\u007f"],
    ["the character just past the last range", "\u{1f853}"],
  ])("cannot draw %s", (_name, text) => {
    expect(drawsInChartFont(text)).toBe(false);
  });
});
