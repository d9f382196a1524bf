import { describe, expect, it } from "vitest";
import { minimumUploadRateFromEnvironment } from "./minimum-upload-rate-from-environment.js";

describe("minimumUploadRateFromEnvironment", () => {
  it("asks 10 KiB/s over each 30 s unless RAPPORT_IMPORT_MINIMUM_KIB_PER_SECOND says otherwise, 0 for none", () => {
    expect(minimumUploadRateFromEnvironment({})).toEqual({ bytesPerSecond: 10 * 1024, windowMilliseconds: 30_000 });
    expect(minimumUploadRateFromEnvironment({ RAPPORT_IMPORT_MINIMUM_KIB_PER_SECOND: " 2 " })).toEqual({ bytesPerSecond: 2048, windowMilliseconds: 30_000 });
    expect(minimumUploadRateFromEnvironment({ RAPPORT_IMPORT_MINIMUM_KIB_PER_SECOND: "0" })).toEqual({ bytesPerSecond: 0, windowMilliseconds: 30_000 });
  });

  it("names the variable when its value is not a whole number of KiB/s in range", () => {
    for (const text of ["-1", "0.5", "slow", "102401"]) {
      expect(() => minimumUploadRateFromEnvironment({ RAPPORT_IMPORT_MINIMUM_KIB_PER_SECOND: text })).toThrow(/^RAPPORT_IMPORT_MINIMUM_KIB_PER_SECOND: expecting a whole number from 0 to 102400 but got/);
    }
  });
});
