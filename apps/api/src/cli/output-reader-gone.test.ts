import { describe, expect, it } from "vitest";
import { outputReaderGone } from "./output-reader-gone.js";

const failure = (code: string | undefined) => Object.assign(new Error("write failed"), code === undefined ? {} : { code });

describe("outputReaderGone", () => {
  it("takes a closed pipe and a reset socket pair as the reader going away", () => {
    expect(outputReaderGone(failure("EPIPE"))).toBe(true);
    expect(outputReaderGone(failure("ECONNRESET"))).toBe(true);
  });

  it("leaves every other write failure to fail the command", () => {
    expect(outputReaderGone(failure("ENOSPC"))).toBe(false);
    expect(outputReaderGone(failure("EIO"))).toBe(false);
    expect(outputReaderGone(failure(undefined))).toBe(false);
  });
});
