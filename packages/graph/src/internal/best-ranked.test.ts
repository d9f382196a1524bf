import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BestRanked, compareRanked, type ScoredCandidate } from "./best-ranked.js";

const uuidOf = (index: number) => `u${String(index).padStart(5, "0")}`;

describe("BestRanked", () => {
  it("keeps what sorting every candidate and cutting at the capacity keeps, and may take exactly what would enter", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 60 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 9 }), (scores, capacity, bound) => {
        const candidates = scores.map((score, index) => ({ uuid: uuidOf(scores.length - index), score }));
        const best = new BestRanked<ScoredCandidate>(capacity);
        for (const candidate of candidates) best.offer(candidate);
        const expected = [...candidates].sort(compareRanked).slice(0, capacity);
        expect(best.entries).toEqual(expected);
        expect(best.mayTake(bound)).toBe(expected.length < capacity || bound >= expected.at(-1)!.score);
      }),
    );
  });

  it("keeps a deep page's thousands of candidates, offered worst first, in about n log n comparisons", () => {
    // Kept as a sorted list, each candidate beat every one kept before it: n^2 / 2 (18 million) score reads.
    const count = 6_000;
    let reads = 0;
    const best = new BestRanked<ScoredCandidate>(count);
    for (let index = 0; index < count; index += 1) {
      const uuid = uuidOf(index);
      best.offer({
        uuid,
        get score() {
          reads += 1;
          return index;
        },
      });
    }
    expect(reads).toBeLessThan(4 * count * Math.log2(count));
    expect(best.entries.map((candidate) => candidate.uuid)).toEqual(Array.from({ length: count }, (_, index) => uuidOf(count - 1 - index)));
  });
});
