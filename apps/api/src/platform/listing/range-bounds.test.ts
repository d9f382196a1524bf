/** The range checks every list shares: one 400 text shape, whether the pair is `..._from`/`..._to` or named otherwise. */
import { describe, expect, it } from "vitest";
import { ApiError } from "../errors/api-error.js";
import { refuseReversedRange } from "./range-bounds.js";

/** The 400's message of `check`, or null when it passes. */
function refusal(check: () => void): string | null {
  try {
    check();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).message;
  }
}

describe("refuseReversedRange", () => {
  it("names a ..._from/..._to pair by its prefix", () => {
    expect(refusal(() => refuseReversedRange("sent", 2, 1))).toBe("sent_from must not be after sent_to");
    expect(refusal(() => refuseReversedRange("value", 300, 100, "greater than"))).toBe("value_from must not be greater than value_to");
  });

  it("names a pair named otherwise (updated_after, updated_before) in the same words", () => {
    expect(refusal(() => refuseReversedRange(["updated_after", "updated_before"], 2, 1))).toBe("updated_after must not be after updated_before");
  });

  it("passes a range of one point, a lone bound and no bounds", () => {
    expect(refusal(() => refuseReversedRange(["updated_after", "updated_before"], 5, 5))).toBeNull();
    expect(refusal(() => refuseReversedRange(["updated_after", "updated_before"], 5, undefined))).toBeNull();
    expect(refusal(() => refuseReversedRange("sent", undefined, 1))).toBeNull();
    expect(refusal(() => refuseReversedRange("sent", undefined, undefined))).toBeNull();
  });
});
