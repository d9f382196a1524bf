import { describe, expect, it } from "vitest";
import { sqliteMmapBytesFromEnvironment } from "./sqlite-mmap-from-environment.js";

describe("sqliteMmapBytesFromEnvironment", () => {
  it("maps nothing unless RAPPORT_SQLITE_MMAP_MIB says how many MiB", () => {
    expect(sqliteMmapBytesFromEnvironment({})).toBe(0);
    expect(sqliteMmapBytesFromEnvironment({ RAPPORT_SQLITE_MMAP_MIB: " " })).toBe(0);
    expect(sqliteMmapBytesFromEnvironment({ RAPPORT_SQLITE_MMAP_MIB: "2048" })).toBe(2 ** 31);
  });

  it("names the variable when its value is not a whole number of MiB in range", () => {
    for (const text of ["-1", "1.5", "lots", String(2 ** 20 + 1)]) {
      expect(() => sqliteMmapBytesFromEnvironment({ RAPPORT_SQLITE_MMAP_MIB: text })).toThrow(/^RAPPORT_SQLITE_MMAP_MIB: expecting a whole number from 0 to 1048576 but got/);
    }
  });
});
