/** The version a build gives: the release, and the commit it was built from as SemVer build metadata. */
import { describe, expect, it } from "vitest";
import { buildIdentity } from "./version.js";

describe("buildIdentity", () => {
  it("adds the commit as build metadata, and is the release alone without one", () => {
    expect(buildIdentity("0.1.0", "3f2a9c1b4e5d")).toBe("0.1.0+3f2a9c1b4e5d");
    expect(buildIdentity("0.1.0", "3f2a9c1b4e5d.dirty")).toBe("0.1.0+3f2a9c1b4e5d.dirty");
    expect(buildIdentity("0.1.0", null)).toBe("0.1.0");
  });
});
