/** The descriptions users and agents read state the bounds the ranking applies, from the one constant of each. */
import { describe, expect, it } from "vitest";
import { hopSchema, recommendedPathItemSchema } from "../presenters/recommended-paths-presenter.js";
import { batchCompanyRecommendedPaths, batchPersonRecommendedPaths } from "../routes/relationships/batch-recommended-paths.js";
import { BATCH_HOP_ASSOCIATIONS_LIMIT, BATCH_TARGETS_PER_PART, HOP_ASSOCIATIONS_LIMIT, PRIORITY_ENTRIES_LIMIT } from "./recommended-path-limits.js";

describe("recommended-path limits in the descriptions", () => {
  it.each([
    ["persons", batchPersonRecommendedPaths],
    ["companies", batchCompanyRecommendedPaths],
  ])("the %s batch says how many targets each sent part holds", (_label, operation) => {
    expect(operation.description).toContain(`sent while it is computed, ${BATCH_TARGETS_PER_PART} targets at a time (chunked)`);
    expect(operation.description).toContain(`a failure after the first ${BATCH_TARGETS_PER_PART} closes the connection`);
  });

  it("a hop names at most HOP_ASSOCIATIONS_LIMIT opportunities, BATCH_HOP_ASSOCIATIONS_LIMIT in a batch", () => {
    expect(hopSchema.shape.associations.description).toContain(`(at most ${HOP_ASSOCIATIONS_LIMIT}, in a batch ${BATCH_HOP_ASSOCIATIONS_LIMIT})`);
  });

  it("an item lists at most PRIORITY_ENTRIES_LIMIT priority entries", () => {
    expect(recommendedPathItemSchema.shape.priority_management.description).toMatch(new RegExp(`at most ${PRIORITY_ENTRIES_LIMIT}\\.$`));
  });
});
