// WCAG 2 contrast for the page test (page-contrast.test.ts): what colour a text and the background behind it
// end up on screen, from the element's own colours and its ancestors' backgrounds and opacities, and the ratio
// between the two (playground/README.md, "Readable").

/** A colour with alpha, channels 0–255 and alpha 0–1. */
export interface Rgba {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

/** One box between a text and the page's root, innermost first: its background colour and its opacity. */
export interface Layer {
  readonly background: string;
  readonly opacity: number;
}

/** Reads the `rgb(…)` / `rgba(…)` form browsers give computed colours in; throws for any other form. */
export function parseCssColor(text: string): Rgba {
  const match = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(
    text.trim(),
  );
  if (match === null) throw new Error(`Cannot read the colour "${text}"`);
  const alphaText = match[4];
  const a =
    alphaText === undefined
      ? 1
      : alphaText.endsWith("%")
        ? Number(alphaText.slice(0, -1)) / 100
        : Number(alphaText);
  return { r: Number(match[1]), g: Number(match[2]), b: Number(match[3]), a };
}

/** `top` painted over `bottom` (source-over). */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a + bottom.a * (1 - top.a);
  if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
  const mix = (t: number, b: number) => (t * top.a + b * bottom.a * (1 - top.a)) / a;
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a };
}

/** Behind the root's background: the browser's canvas, white unless a page paints its own. */
const canvas: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/**
 * What a colour painted inside the innermost layer shows as on screen: over that layer's background, the
 * whole faded by the layer's opacity, then the same in each enclosing layer, and finally over the canvas.
 * With `transparent` it gives the background the text sits on.
 */
export function onScreen(color: Rgba, layers: readonly Layer[]): Rgba {
  let painted = color;
  for (const layer of layers) {
    painted = over(painted, parseCssColor(layer.background));
    painted = { ...painted, a: painted.a * layer.opacity };
  }
  return over(painted, canvas);
}

/** WCAG 2 relative luminance of an opaque colour. */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio, from 1 to 21. */
export function contrastRatio(first: Rgba, second: Rgba): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** WCAG 2's large text: at least 24px, or at least 18.66px (14pt) and bold. */
export function isLargeText(fontSizePx: number, fontWeight: number): boolean {
  return fontSizePx >= 24 || (fontSizePx >= 18.66 && fontWeight >= 700);
}

/** 4.5:1 for normal text, 3:1 for large text (playground/README.md, "Readable"). */
export function requiredRatio(fontSizePx: number, fontWeight: number): number {
  return isLargeText(fontSizePx, fontWeight) ? 3 : 4.5;
}

/** Nothing drawn: what a text or ring is compared against when only its ancestors' backgrounds show. */
export const transparent: Rgba = parseCssColor("rgba(0, 0, 0, 0)");

/** The contrast of a colour drawn inside `layers` (a text, a focus ring) against what they show behind it. */
export function contrastOverLayers(color: string, layers: readonly Layer[]): number {
  return contrastRatio(onScreen(parseCssColor(color), layers), onScreen(transparent, layers));
}
