import { describe, expect, it } from "vitest";
import { countBatchStatuses } from "./batch-status-counts.js";

describe("countBatchStatuses", () => {
  it("counts the results of each status under its field, zero for a status no result has", () => {
    const results = [{ status: "CREATED" }, { status: "ERROR" }, { status: "CREATED" }] as const;
    expect(countBatchStatuses(results, { created: "CREATED", matched: "MATCHED", errors: "ERROR" })).toEqual({ created: 2, matched: 0, errors: 1 });
  });

  it("counts only the statuses it is given", () => {
    expect(countBatchStatuses([{ status: "MATCHED" }, { status: "ERROR" }], { errors: "ERROR" })).toEqual({ errors: 1 });
  });
});
