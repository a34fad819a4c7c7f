export interface ChartFrame {
  /** Logical size the layout is drawn in; the SVG viewBox scales it to the pixel size. */
  readonly width: number;
  readonly height: number;
  readonly pixelWidth: number;
  readonly pixelHeight: number;
  readonly plot: {
    readonly left: number;
    readonly top: number;
    readonly right: number;
    readonly bottom: number;
  };
}

export const defaultChartWidth = 800;
export const defaultChartHeight = 400;

/**
 * Lays the chart out at 800×400 logical units scaled to fit the requested pixels, so fonts and margins
 * grow with the image instead of every size needing its own constants. Sizes are clamped to sane bounds.
 */
export function computeChartFrame(width = defaultChartWidth, height = defaultChartHeight): ChartFrame {
  const pixelWidth = clampSize(width, 400, 2400);
  const pixelHeight = clampSize(height, 200, 1200);
  const scale = Math.min(pixelWidth / defaultChartWidth, pixelHeight / defaultChartHeight);
  const logicalWidth = pixelWidth / scale;
  const logicalHeight = pixelHeight / scale;
  return {
    width: logicalWidth,
    height: logicalHeight,
    pixelWidth,
    pixelHeight,
    plot: { left: 72, top: 96, right: logicalWidth - 36, bottom: logicalHeight - 44 },
  };
}

function clampSize(size: number, min: number, max: number): number {
  return Number.isFinite(size) ? Math.min(max, Math.max(min, Math.round(size))) : min;
}
