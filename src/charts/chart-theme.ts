import { defaultTierAccent } from "../display/tier.js";

/** Colours chosen to read well on Discord's dark theme (its own palette where it has one). */
export const chartColours = {
  background: "#2b2d31",
  grid: "#3f4147",
  axisText: "#b5bac1",
  title: "#f2f3f5",
  mutedText: "#949ba4",
  gain: "#23a55a",
  loss: "#f23f43",
  defaultAccent: defaultTierAccent,
} as const;
