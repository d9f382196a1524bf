import { describe, expect, it } from "vitest";
import type { Summary } from "../statistics.js";
import { medianRound } from "./http-throughput.js";

const round = (opsPerSecond: number): Summary => ({ count: opsPerSecond * 5, medianMs: 1, p95Ms: 2, p99Ms: 3, opsPerSecond });

describe("medianRound", () => {
  it("takes the round with the median requests per second, whatever the order the rounds ran in", () => {
    const rounds = [round(900), round(1200), round(1000)];
    expect(medianRound(rounds)).toBe(rounds[2]);
    expect(medianRound([round(5)]).opsPerSecond).toBe(5);
  });

  it("takes the faster middle round of an even count, and refuses none", () => {
    expect(medianRound([round(3), round(1), round(4), round(2)]).opsPerSecond).toBe(3);
    expect(() => medianRound([])).toThrow("no rounds");
  });
});
