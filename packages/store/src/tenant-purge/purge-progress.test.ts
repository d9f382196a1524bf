/** The purge's progress: rows counted at the start, a table passed counting for all it held, never moving back. */
import { describe, expect, it } from "vitest";
import type { TenantPurgeProgress } from "../store.js";
import { createPurgeProgressTally } from "./purge-progress.js";

describe("createPurgeProgressTally", () => {
  it("counts a table in progress by its steps and a passed one by what it held, never past the total", () => {
    const reported: TenantPurgeProgress[] = [];
    const tally = createPurgeProgressTally({ links: 3, opportunities: 4, graph_changes: 2 }, (progress) => reported.push(progress));
    // Deleting opportunities takes their links with them (a trigger): the links' table has nothing left for its steps.
    tally.stepped("opportunities", 2);
    tally.stepped("opportunities", 2);
    tally.passed("opportunities");
    tally.passed("links");
    // Triggers logged one more change than the start counted.
    tally.stepped("graph_changes", 3);
    tally.passed("graph_changes");
    // A second pass over a passed table moves nothing.
    tally.stepped("opportunities", 1);
    expect(reported.map(({ table, removed, done }) => [table, removed, done])).toEqual([
      ["opportunities", 2, 2],
      ["opportunities", 2, 4],
      ["links", 0, 7],
      ["graph_changes", 3, 9],
      ["opportunities", 1, 9],
    ]);
    expect(new Set(reported.map((progress) => progress.total))).toEqual(new Set([9]));
  });

  it("says nothing for a table passed with nothing it held", () => {
    const reported: TenantPurgeProgress[] = [];
    const tally = createPurgeProgressTally({ persons: 2 }, (progress) => reported.push(progress));
    tally.passed("empty");
    tally.stepped("persons", 2);
    tally.passed("persons");
    expect(reported).toEqual([{ table: "persons", removed: 2, done: 2, total: 2 }]);
  });
});
