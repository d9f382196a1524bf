import { describe, expect, it } from "vitest";
import { uploadSpaceBytesFromEnvironment } from "./upload-space-from-environment.js";

describe("uploadSpaceBytesFromEnvironment", () => {
  it("bounds uploads at 1 GiB unless RAPPORT_IMPORT_UPLOADS_MIB says how many MiB", () => {
    expect(uploadSpaceBytesFromEnvironment({})).toBe(2 ** 30);
    expect(uploadSpaceBytesFromEnvironment({ RAPPORT_IMPORT_UPLOADS_MIB: " " })).toBe(2 ** 30);
    expect(uploadSpaceBytesFromEnvironment({ RAPPORT_IMPORT_UPLOADS_MIB: "250" })).toBe(250 * 2 ** 20);
  });

  it("names the variable when its value is not a whole number of MiB from one upload's limit to 1 TiB", () => {
    for (const text of ["0", "99", "1.5", "lots", String(2 ** 20 + 1)]) {
      expect(() => uploadSpaceBytesFromEnvironment({ RAPPORT_IMPORT_UPLOADS_MIB: text })).toThrow(/^RAPPORT_IMPORT_UPLOADS_MIB: expecting a whole number from 100 to 1048576 but got/);
    }
  });
});
