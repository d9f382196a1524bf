import { describe, expect, it } from "vitest";
import { sqliteSynchronousFromEnvironment } from "./sqlite-synchronous-from-environment.js";

describe("sqliteSynchronousFromEnvironment", () => {
  it("syncs at checkpoints unless RAPPORT_SQLITE_SYNCHRONOUS says full, in any case", () => {
    expect(sqliteSynchronousFromEnvironment({})).toBe("normal");
    expect(sqliteSynchronousFromEnvironment({ RAPPORT_SQLITE_SYNCHRONOUS: " " })).toBe("normal");
    expect(sqliteSynchronousFromEnvironment({ RAPPORT_SQLITE_SYNCHRONOUS: "Normal" })).toBe("normal");
    expect(sqliteSynchronousFromEnvironment({ RAPPORT_SQLITE_SYNCHRONOUS: " FULL " })).toBe("full");
  });

  it("names the variable and the values it takes for any other value", () => {
    for (const text of ["off", "extra", "2", "true"]) {
      expect(() => sqliteSynchronousFromEnvironment({ RAPPORT_SQLITE_SYNCHRONOUS: text })).toThrow(`RAPPORT_SQLITE_SYNCHRONOUS: expecting normal or full but got "${text}"`);
    }
  });
});
