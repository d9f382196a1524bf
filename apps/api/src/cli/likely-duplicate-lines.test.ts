/** The import command's closing lines about new records that look like existing ones. */
import { describe, expect, it } from "vitest";
import type { LikelyDuplicate } from "../imports/likely-duplicates.js";
import { likelyDuplicateLines } from "./likely-duplicate-lines.js";

const person = (name: string, confidence: "likely" | "possible" = "likely"): LikelyDuplicate => ({
  entity_type: "PERSON",
  new_uuid: `new-${name}`,
  new_name: name,
  existing_uuid: `old-${name}`,
  existing_name: name,
  confidence,
  reasons: ["SAME_NAME_SHARED_COMPANY"],
});

describe("likelyDuplicateLines", () => {
  it("counts each kind, names the first three with the record each looks like, a possible one marked", () => {
    const first = [person("Ann Lee"), person("Bo Berg"), person("Cy Dahl", "possible"), person("Di Eng")];
    const company: LikelyDuplicate = { entity_type: "COMPANY", new_uuid: "c2", new_name: "ACME", existing_uuid: "c1", existing_name: "Acme Inc.", confidence: "likely", reasons: ["SAME_NAME"] };
    expect(likelyDuplicateLines({ persons: 12, companies: 1, first: [...first, company] })).toEqual([
      "  12 new persons look like existing ones: Ann Lee (like Ann Lee), Bo Berg (like Bo Berg), Cy Dahl (maybe Cy Dahl), 9 more; GET /v1/duplicates lists them with the merge for each",
      "  1 new company looks like an existing one: ACME (like Acme Inc.); GET /v1/duplicates lists them with the merge for each",
    ]);
  });

  it("says nothing when no new record looks like another", () => {
    expect(likelyDuplicateLines({ persons: 0, companies: 0, first: [] })).toEqual([]);
  });
});
