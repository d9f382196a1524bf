import { describe, expect, it } from "vitest";
import { failedMeasurement } from "./measurement.js";

describe("a failed measurement", () => {
  it("becomes a FAILED row that names the error and the causes behind it", () => {
    const error = new TypeError("fetch failed", { cause: new Error("other side closed") });
    const row = failedMeasurement("batch-endpoints", "Batch endpoints", error);
    expect(row.error).toBe("fetch failed: other side closed");
    expect(row.subject.label).toBe("FAILED");
    expect(row.notes).toEqual(["FAILED: fetch failed: other side closed"]);
    expect(failedMeasurement("x", "X", "plain").error).toBe("plain");
  });
});
