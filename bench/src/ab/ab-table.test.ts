import { describe, expect, it } from "vitest";
import { abTable, type Asking, type PairRecord } from "./ab-table.js";

const asking = (cpuMs: number, wallMs: number, sha1 = "same", systemTicks = 1): Asking => ({ wallMs, cpuMs, userTicks: 9, systemTicks, minorFaults: 0, bytes: 10, sha1 });

describe("abTable", () => {
  it("gives each phase and resource its paired differences, b's lower pairs, system shares and same answers", () => {
    const records: PairRecord[] = [
      { phase: "first", resource: "persons", index: 0, firstSent: "a", a: asking(50, 200), b: asking(53, 150) },
      { phase: "again", resource: "persons", index: 0, firstSent: "a", a: asking(20, 90), b: asking(22, 95, "other", 3) },
      { phase: "again", resource: "persons", index: 1, firstSent: "b", a: asking(24, 80), b: asking(23, 99) },
      { phase: "again", resource: "companies", index: 0, firstSent: "a", a: asking(40, 100), b: asking(41, 100) },
    ];
    const rows = abTable(records).trim().split("\n").slice(2);
    expect(rows).toEqual([
      "| persons first asking | 1 | 50.0 | 53.0 | 3.0 (3.0 to 3.0) | 0 | 200.0 | 150.0 | -50.0 | 10% / 10% | 1 |",
      "| persons asked again | 2 | 22.0 | 22.5 | 0.5 (-0.3 to 1.3) | 1 | 85.0 | 97.0 | 12.0 | 10% / 18% | 1 |",
      "| companies asked again | 1 | 40.0 | 41.0 | 1.0 (1.0 to 1.0) | 0 | 100.0 | 100.0 | 0.0 | 10% / 10% | 1 |",
    ]);
  });
});
