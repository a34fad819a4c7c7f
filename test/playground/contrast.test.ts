import { describe, expect, it } from "vitest";
import { contrastRatio, onScreen, parseCssColor, requiredRatio, transparent } from "./contrast.js";

describe("WCAG 2 contrast, as the page test measures it", () => {
  it("gives 21:1 for black on white, 1:1 for a colour on itself, and WCAG's figure for grey on white", () => {
    const white = parseCssColor("rgb(255, 255, 255)");
    expect(contrastRatio(parseCssColor("rgb(0, 0, 0)"), white)).toBeCloseTo(21, 5);
    expect(contrastRatio(white, white)).toBe(1);
    // #767676 is the lightest grey that passes 4.5:1 on white; #777777 just fails.
    expect(contrastRatio(parseCssColor("rgb(118, 118, 118)"), white)).toBeCloseTo(4.54, 2);
    expect(contrastRatio(parseCssColor("rgb(119, 119, 119)"), white)).toBeLessThan(4.5);
  });

  it("reads both of Chromium's computed forms of a colour with alpha", () => {
    expect(parseCssColor("rgba(88, 101, 242, 0.1)")).toEqual({ r: 88, g: 101, b: 242, a: 0.1 });
    expect(parseCssColor("rgb(88 101 242 / 10%)")).toEqual({ r: 88, g: 101, b: 242, a: 0.1 });
    expect(() => parseCssColor("color(srgb 1 0 0)")).toThrow(/Cannot read/);
  });

  it("finds the first opaque background up the ancestors, blending translucent ones over it", () => {
    const layers = [
      { background: "rgba(0, 0, 0, 0)", opacity: 1 },
      { background: "rgba(255, 255, 255, 0.5)", opacity: 1 },
      { background: "rgb(0, 0, 0)", opacity: 1 },
      { background: "rgb(255, 0, 0)", opacity: 1 },
    ];
    const background = onScreen(transparent, layers);
    expect([background.r, background.g, background.b, background.a]).toEqual([127.5, 127.5, 127.5, 1]);
  });

  it("fades text and its box together by an ancestor's opacity, over what lies behind", () => {
    // White text on black, at half opacity over white: grey on lighter grey.
    const layers = [
      { background: "rgb(0, 0, 0)", opacity: 0.5 },
      { background: "rgb(255, 255, 255)", opacity: 1 },
    ];
    const text = onScreen(parseCssColor("rgb(255, 255, 255)"), layers);
    const background = onScreen(transparent, layers);
    expect(text).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(background).toEqual({ r: 127.5, g: 127.5, b: 127.5, a: 1 });
  });

  it("asks 4.5:1 of normal text and 3:1 of text from 24px, or from 18.66px when bold", () => {
    expect(requiredRatio(15, 400)).toBe(4.5);
    expect(requiredRatio(18.66, 400)).toBe(4.5);
    expect(requiredRatio(18.66, 700)).toBe(3);
    expect(requiredRatio(24, 400)).toBe(3);
  });
});
