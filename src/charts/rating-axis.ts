export interface RatingAxis {
  readonly lower: number;
  readonly upper: number;
  readonly ticks: readonly number[];
}

// A flat or one-point history still gets a readable band around it rather than a zero-height axis.
const minimumSpan = 40;
/**
 * Past about 10¹⁵ a band of 40 is below what a double tells apart, so it widens with the ratings' size: the
 * platform's numbers are only checked to be finite (docs/platform-assumptions.md), and at 10²² a band of 40
 * collapsed to nothing and a step of 1 listed a million ticks, holding the event loop for seconds.
 */
const spanPerMagnitude = 2 ** -40;
/** More than the nicest step ever gives; a bound on the loop whatever the numbers. */
const maxTicks = 50;
/** Far past any rating, and far enough inside the largest double that the axis's sums stay finite. */
const drawableRating = 1e300;

/** The rating as the chart places it: past ±10³⁰⁰ at ±10³⁰⁰, where the axis's and plot's sums stay finite. */
export function clampRating(rating: number): number {
  return Math.min(drawableRating, Math.max(-drawableRating, rating));
}

/** Round tick values (steps of 1, 2, 2.5, 5 × 10ⁿ) covering every rating with a little headroom. */
export function computeRatingAxis(minRating: number, maxRating: number, targetTickCount = 5): RatingAxis {
  let low = clampRating(minRating);
  let high = clampRating(maxRating);
  const leastSpan = Math.max(minimumSpan, Math.max(Math.abs(low), Math.abs(high)) * spanPerMagnitude);
  if (high - low < leastSpan) {
    // Halved first: the sum of two ratings near the largest double is not finite.
    const middle = low / 2 + high / 2;
    low = middle - leastSpan / 2;
    high = middle + leastSpan / 2;
  }
  const padding = (high - low) * 0.06;
  // Headroom never takes the axis below zero when no rating is: a history from 0 to 1200 would otherwise
  // start at -500, a quarter of the chart labelled with ratings nobody had.
  low = minRating >= 0 ? Math.max(0, low - padding) : low - padding;
  high += padding;

  const step = pickNiceStep((high - low) / (targetTickCount - 1));
  const lower = Math.floor(low / step) * step;
  const upper = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let index = 0; index < maxTicks && lower + index * step <= upper + step / 1000; index++) {
    ticks.push(lower + index * step);
  }
  return { lower, upper, ticks };
}

function pickNiceStep(rawStep: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(rawStep));
  const fraction = rawStep / magnitude;
  // 2.5 only from 25 upwards, so ticks stay whole numbers (ratings are integers).
  const nice =
    fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 && magnitude >= 10 ? 2.5 : fraction <= 5 ? 5 : 10;
  return Math.max(1, nice * magnitude);
}
