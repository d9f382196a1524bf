/**
 * Keeps every value and type the package exports documented where it is declared (the README naming each value is
 * readme.test.ts's check): what an editor shows a user of the package on hover.
 */
import { describe, expect, it } from "vitest";
import { undocumentedExports } from "../../../scripts/exported-doc-comments.mjs";

describe("@rapport/graph doc comments", () => {
  it("documents every exported function, class, constant and type, and every public method of RelationshipGraph", () => {
    expect(undocumentedExports(new URL("./index.ts", import.meta.url), { types: true })).toEqual([]);
  });
});
