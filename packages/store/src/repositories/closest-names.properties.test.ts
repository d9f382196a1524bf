/** Property: the names Fuse reads after the edit-count bounds rank as Fuse over every name ranks them. */
import fc from "fast-check";
import Fuse from "fuse.js";
import { distance } from "fastest-levenshtein";
import { describe, expect, it } from "vitest";
import { closestNames, leastScore, searchPattern, searchPatterns, substringEditDistance } from "./closest-names.js";

/** What the retry did before the bounds: Fuse over every candidate, closest first, ties by uuid. */
function fuseOverAll(candidates: ReadonlyArray<{ uuid: string; name: string }>, words: readonly string[], limit: number): string[] {
  return new Fuse(candidates, { keys: ["name"], includeScore: true, ignoreLocation: true, threshold: 0.4 })
    .search({ $and: words.map((word) => ({ name: word })) })
    .sort((left, right) => (left.score ?? 0) - (right.score ?? 0) || (left.item.uuid < right.item.uuid ? -1 : 1))
    .slice(0, limit)
    .map((result) => result.item.uuid);
}

// Few letters, so that names and words share many and tie often; spaces of Fuse's kinds, digits, a capital, an accent.
const letter = fc.constantFrom("a", "b", "c", "o", "n", "t", "1", "2", "é", "B");
const word = fc.array(letter, { minLength: 1, maxLength: 9 }).map((letters) => letters.join(""));
const name = fc
  .array(fc.tuple(word, fc.constantFrom(" ", " ", "  ", "\u00a0", "\t")), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.map(([text, space]) => text + space).join("").trimEnd());

describe("closestNames", () => {
  it("answers as Fuse over every candidate, whatever the limit and the names Fuse reads at a time", () => {
    fc.assert(
      fc.property(
        fc.array(name, { maxLength: 60 }),
        fc.array(word.map((text) => text.toLowerCase()), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 8 }),
        (names, words, limit, chunk) => {
          const candidates = names.map((text, index) => ({ uuid: `p${String(index).padStart(3, "0")}`, name: text }));
          expect(closestNames(candidates, words, limit, chunk)).toEqual(fuseOverAll(candidates, words, limit));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("bounds Fuse's score of each name from below, and leaves out only names Fuse does not match", () => {
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 20 }), fc.array(word.map((text) => text.toLowerCase()), { minLength: 1, maxLength: 3 }), (names, words) => {
        const candidates = names.map((text, index) => ({ uuid: `p${index}`, name: text }));
        const scores = new Map(
          new Fuse(candidates, { keys: ["name"], includeScore: true, ignoreLocation: true, threshold: 0.4 })
            .search({ $and: words.map((text) => ({ name: text })) })
            .map((result) => [result.item.uuid, result.score ?? 0]),
        );
        for (const candidate of candidates) {
          const least = leastScore(candidate.name, searchPatterns(words));
          const score = scores.get(candidate.uuid);
          if (score !== undefined) expect(least).not.toBeNull();
          if (score !== undefined) expect(least!).toBeLessThanOrEqual(score);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("counts the fewest edits to any stretch of the text", () => {
    fc.assert(
      fc.property(word, word, (pattern, text) => {
        let fewest = pattern.length;
        for (let start = 0; start <= text.length; start += 1) {
          for (let end = start; end <= text.length; end += 1) fewest = Math.min(fewest, distance(pattern, text.slice(start, end)));
        }
        expect(substringEditDistance(searchPattern(pattern), text)).toBe(fewest);
      }),
    );
  });
});
