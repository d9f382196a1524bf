/** Keeps the package README's reference complete: every value `@rapport/api` exports is named in it. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as apiPackage from "./index.js";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

describe("README", () => {
  it("names every value the package exports", () => {
    const exported = Object.keys(apiPackage);
    expect(exported).toContain("createApp");
    expect(exported.filter((name) => !new RegExp(`\`(new )?${name}\\b`).test(readme))).toEqual([]);
  });
});
