import { describe, expect, it } from "vitest";
import { distinctTargets, sampleTargets, warmUpTargets } from "./targets.js";

const ranked = Array.from({ length: 500 }, (_, index) => `person-${index}`);

describe("sampleTargets", () => {
  it("is deterministic for a seed and always includes the five heaviest", () => {
    const first = sampleTargets(ranked, 100, 1.05, 31);
    expect(sampleTargets(ranked, 100, 1.05, 31)).toEqual(first);
    expect(first).toHaveLength(100);
    for (const heaviest of ranked.slice(0, 5)) expect(first).toContain(heaviest);
  });
});

describe("distinctTargets", () => {
  it("keeps each uuid of the draw once, in the order it was first drawn", () => {
    const draw = sampleTargets(ranked, 300, 1.05, 31);
    const distinct = distinctTargets(ranked, 300, 1.05, 31);
    expect(new Set(distinct).size).toBe(distinct.length);
    // The weighted half repeats the heavy hitters, so the draw has repeats to drop.
    expect(distinct.length).toBeLessThan(draw.length);
    expect(distinct).toEqual(draw.filter((uuid, index) => draw.indexOf(uuid) === index));
  });
});

describe("warmUpTargets", () => {
  it("never contains a timed target, and keeps the rest of its own draw in order", () => {
    const timed = sampleTargets(ranked, 100, 1.05, 31);
    const warm = warmUpTargets(ranked, timed, 200, 1.05, 1031);
    const timedSet = new Set(timed);
    expect(warm.some((uuid) => timedSet.has(uuid))).toBe(false);
    expect(warm).toEqual(sampleTargets(ranked, 200, 1.05, 1031).filter((uuid) => !timedSet.has(uuid)));
    expect(warm.length).toBeGreaterThan(50);
  });
});
