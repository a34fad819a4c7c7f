import { describe, expect, it } from "vitest";
import { formatTotalTime } from "../../../src/commands/tournament/format-total-time.js";

describe("formatTotalTime", () => {
  it("reads totalTime as seconds and shows m:ss under an hour, h:mm:ss above", () => {
    expect(formatTotalTime(0)).toBe("0:00");
    expect(formatTotalTime(65)).toBe("1:05");
    expect(formatTotalTime(3600)).toBe("1:00:00");
    expect(formatTotalTime(7799)).toBe("2:09:59");
  });

  it("shows a dash when the platform left it out or sent nonsense", () => {
    expect(formatTotalTime(undefined)).toBe("—");
    expect(formatTotalTime(-5)).toBe("—");
    expect(formatTotalTime(Number.NaN)).toBe("—");
  });
});
