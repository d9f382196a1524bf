/**
 * Keeps every value and type the package's entries export documented where it is declared (the README naming each is
 * readme.test.ts's check): what an editor shows a user of the package on hover.
 */
import { describe, expect, it } from "vitest";
import { undocumentedExports } from "../../../scripts/exported-doc-comments.mjs";

describe("@rapport/store doc comments", () => {
  it.each(["./index.ts", "./vocabulary.ts"])("documents every function, class, constant and type %s exports, and its classes' public methods", (entry) => {
    expect(undocumentedExports(new URL(entry, import.meta.url), { types: true })).toEqual([]);
  });
});
