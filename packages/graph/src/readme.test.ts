/**
 * Keeps the README's example runnable (its code block is the example file, and its output is what it prints) and
 * its reference complete (every value the package exports is named in it).
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as graphPackage from "./index.js";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const example = readFileSync(new URL("./testing/readme-example.ts", import.meta.url), "utf8");

function block(marker: string): string {
  const start = readme.indexOf(`<!-- ${marker}:start -->`);
  const end = readme.indexOf(`<!-- ${marker}:end -->`);
  expect(start).toBeGreaterThan(0);
  return readme.slice(start, end).replace(/^.*\n```[a-z]*\n/, "").replace(/```\n$/, "");
}

describe("README example", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the code of src/testing/readme-example.ts", () => {
    expect(block("example")).toBe(example.replace('from "../index.js"', 'from "@rapport/graph"'));
  });

  it("prints what the README says", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((...values: unknown[]) => {
      lines.push(values.join(" "));
    });
    await import("./testing/readme-example.js");
    expect(lines.join("\n")).toBe(block("output").trimEnd());
  });
});

describe("README reference", () => {
  it("names every value the package exports", () => {
    const undocumented = Object.keys(graphPackage).filter((name) => !new RegExp(`\`(new )?${name}\\b`).test(readme));
    expect(undocumented).toEqual([]);
  });
});
