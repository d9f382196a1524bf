/** The fuzzy `name` retry gives Fuse.js only the names that may rank among its answers, not every name passing its prefilter. */
import { describe, expect, it, vi } from "vitest";
import { fuzzyNameRanking } from "./person-fuzzy-names.js";

const given = vi.hoisted(() => ({ names: 0 }));

vi.mock("fuse.js", async (importOriginal) => {
  const { default: Fuse } = await importOriginal<typeof import("fuse.js")>();
  class CountingFuse<T> extends Fuse<T> {
    constructor(...[documents, ...rest]: ConstructorParameters<typeof Fuse<T>>) {
      super(documents, ...rest);
      given.names += documents.length;
    }
  }
  return { default: CountingFuse };
});

describe("fuzzyNameRanking", () => {
  it("gives Fuse a few hundred of 10,000 names that all share the word's first letter and are all close to it", () => {
    const persons = Array.from({ length: 10_000 }, (_, index) => ({ uuid: `p${String(index).padStart(5, "0")}`, name: `Contact ${index}` }));
    const ranked = fuzzyNameRanking(persons, "Contact1234");
    // Fuse over all of them read 10,000 names (110 ms at benchmark scale M's 20,000).
    expect(given.names).toBeLessThan(1_000);
    expect(ranked.slice(0, 2)).toEqual(["p00234", "p01234"]);
  });
});
