import { describe, expect, it } from "vitest";
import { BATCH_DRAWS, BATCH_SIZE, batchTargets, distinctTargets, sampleTargets, warmUpTargets } from "./targets.js";

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

describe("batchTargets", () => {
  it("gives each batch distinct targets, drawn in turn from one sample of the entity's mix", () => {
    const batches = batchTargets(ranked, 3, "person");
    expect(batches).toHaveLength(3);
    for (const batch of batches) {
      expect(batch).toHaveLength(BATCH_SIZE);
      expect(new Set(batch).size).toBe(BATCH_SIZE);
    }
    const { exponent, seed } = BATCH_DRAWS.person;
    const sample = sampleTargets(ranked, 3 * BATCH_SIZE * 4, exponent, seed);
    // The first batch is the sample's first 100 distinct uuids.
    expect(batches[0]).toEqual([...new Set(sample)].slice(0, BATCH_SIZE));
    expect(batchTargets(ranked, 3, "person")).toEqual(batches);
    expect(batchTargets(ranked, 1, "company")[0]).not.toEqual(batches[0]);
    // The heaviest recur across batches.
    for (const batch of batches) expect(batch).toContain(ranked[0]);
  });

  it("stops at the tenant's size when it has fewer targets than a batch", () => {
    const few = ranked.slice(0, 30);
    for (const batch of batchTargets(few, 2, "company")) expect(new Set(batch).size).toBe(batch.length);
    expect(batchTargets(few, 2, "company")[0]).toHaveLength(30);
  });
});
